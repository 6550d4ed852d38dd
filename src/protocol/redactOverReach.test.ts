// Redaction that took what is no secret: a lone pair of strings read as a header pair (two
// choices, two labels), a flag naming a secret that takes the next flag or a flag whose last word
// says it is no value (`--password-stdin`), and a value cut to nothing shown as an empty string.
// And what it still missed: `--otp`, a secret key's number in JSON text, kubeconfig's key data, AWS and
// Postman records, single-quoted keys, escaped JSON inside a JSON string, an escaped quote in a value.
// Expectations from SPEC section 10: a secret goes, the rest stays as it was, and a cut says so.
import { describe, expect, it } from 'vitest';
import { redactSecrets } from './redactSecrets';

const R = '[redacted]';

describe('lists that are not header pairs keep their items', () => {
  it('two choices, one of which mentions a key', () => {
    expect(redactSecrets({ options: ['Rotate the API key', 'Skip'] })).toEqual({ options: ['Rotate the API key', 'Skip'] });
  });
  it('two labels, the first a secret word', () => {
    expect(redactSecrets({ labels: ['auth', 'billing'] })).toEqual({ labels: ['auth', 'billing'] });
  });
  it('a list of [name, value] pairs still loses a secret header value, and only that', () => {
    const entries = Object.entries({ 'X-Acme-Auth': 'tenant-7f3k', Accept: 'application/json' });
    expect(redactSecrets({ h: entries })).toEqual({ h: [['X-Acme-Auth', R], ['Accept', 'application/json']] });
  });
});

describe('argv: a flag is judged by its last words, and a flag is no value', () => {
  it.each([
    [['docker', 'login', '--password-stdin', 'ghcr.io']],
    [['psql', '--no-password', '-d', 'app']],
    [['kubectl', 'get', '--secret-name', 'prod-db']],
    [['curl', '--auth-type', 'basic']],
  ])('%j stays', (argv) => {
    expect(redactSecrets({ argv })).toEqual({ argv });
  });
  it.each([
    [['migrate', '--db-password', 'hunter2x'], ['migrate', '--db-password', R]],
    [['npm', 'publish', '--otp', '492039'], ['npm', 'publish', '--otp', R]],
    [['cli', '--api-key', 'k9Qm2VxP'], ['cli', '--api-key', R]],
    [['cli', '--session-key', 'k9Qm2VxP'], ['cli', '--session-key', R]],
    [['cli', '--auth-token', 'k9Qm2VxP'], ['cli', '--auth-token', R]],
    [['cli', '--aws-secret-access-key', 'k9Qm2VxP'], ['cli', '--aws-secret-access-key', R]],
  ])('%j loses the value', (argv, shown) => {
    expect(redactSecrets({ argv })).toEqual({ argv: shown });
  });
});

describe('argv as text', () => {
  it('a flag after a secret-named flag is no value, in a command and in JSON', () => {
    expect(redactSecrets.text!('psql --no-password -d app')).toBe('psql --no-password -d app');
    expect(redactSecrets.text!('["psql", "--no-password", "-d", "app"]')).toBe('["psql", "--no-password", "-d", "app"]');
  });
  it('a one-time password on the command line goes', () => {
    expect(redactSecrets.text!('npm publish --otp 492039')).toBe(`npm publish --otp ${R}`);
    expect(redactSecrets.text!('["npm", "publish", "--otp", "492039"]')).toBe(`["npm", "publish", "--otp", "${R}"]`);
  });
});

describe('a value cut to nothing says it was cut', () => {
  it('one token longer than the budget', () => {
    expect(redactSecrets('A1b2'.repeat(2_500))).toBe('…');
    expect(redactSecrets({ content: 'A1b2'.repeat(2_500) })).toEqual({ content: '…' });
  });
  it('a value within the budget is not marked', () => {
    expect(redactSecrets('A1b2'.repeat(1_000))).toBe('A1b2'.repeat(1_000));
  });
});

describe('what it missed', () => {
  it("a secret key's number in JSON text, as the object form already redacts it", () => {
    expect(redactSecrets.text!('{"otp": 492039, "attempts": 2}')).toBe(`{"otp": ${R}, "attempts": 2}`);
    expect(redactSecrets({ otp: 492039 })).toEqual({ otp: R });
  });
  it("kubeconfig's client key data as text", () => {
    const key = 'LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBLRVktLS0tLQpNSUlFb3dJQkFBS0NBUUVB';
    const shown = redactSecrets.text!(`users:\n- name: ci\n  user:\n    client-key-data: ${key}\n`);
    expect(shown).not.toContain(key);
    expect(shown).toContain(`client-key-data: ${R}`);
  });
  it('the key names the pattern joins stay caught', () => {
    for (const name of ['api_key', 'access-key', 'secret_key', 'private-key', 'account_key', 'apikey']) {
      expect(redactSecrets.text!(`${name}=q8Zr2mVx`)).toBe(`${name}=${R}`);
    }
  });
});

describe('records and keys written another way', () => {
  it('{ Name, Value } (AWS) and { key, value } (Postman) records are judged by their name', () => {
    expect(redactSecrets({ Environment: [{ Name: 'DB_PASSWORD', Value: 'hunter2x' }, { Name: 'REGION', Value: 'eu-west-1' }] })).toEqual({
      Environment: [{ Name: 'DB_PASSWORD', Value: R }, { Name: 'REGION', Value: 'eu-west-1' }],
    });
    expect(redactSecrets({ header: [{ key: 'X-Api-Key', value: 'k9Qm2VxP' }, { key: 'Accept', value: 'text/html' }] })).toEqual({
      header: [{ key: 'X-Api-Key', value: R }, { key: 'Accept', value: 'text/html' }],
    });
  });
  it("a Python dict's single-quoted secret key, and a key written as words", () => {
    expect(redactSecrets.text!("{'userPass': 'hunter2x', 'user': 'ada'}")).toBe(`{'userPass': '${R}', 'user': 'ada'}`);
    expect(redactSecrets.text!('{"API Key": "k9Qm2VxP", "Region": "eu"}')).toBe(`{"API Key": "${R}", "Region": "eu"}`);
  });
  it('a key in words that is no secret keeps its value', () => {
    expect(redactSecrets.text!('{"Token count": 12, "Display name": "Ada"}')).toBe('{"Token count": 12, "Display name": "Ada"}');
  });
});

describe('escaped JSON inside a JSON string', () => {
  it("escaped JSON in a string value is read one level down: the inner secret key goes, the rest stays", () => {
    const shown = redactSecrets.text!('{"status": 200, "body": "{\\"userPass\\": \\"hunter2x\\", \\"user\\": \\"ada\\"}"}');
    expect(shown).not.toContain('hunter2x');
    expect(shown).toContain('ada');
  });
  it('a secret value with an escaped quote goes whole', () => {
    expect(redactSecrets.text!('{"userPass": "ab\\"cd9", "user": "ada"}')).toBe(`{"userPass": "${R}", "user": "ada"}`);
  });
  it('a secret value with a backslash goes whole', () => {
    expect(redactSecrets.text!('{"userPass": "ab\\\\cd9"}')).toBe(`{"userPass": "${R}"}`);
  });
});

describe('a long secret value goes whole', () => {
  const long = 'k9Qm2VxP '.repeat(400).trim(); // 3,599 characters, past the 2,000 the rules read
  it.each([
    ['a quoted JSON key', `{"userPass": "${long}"}`],
    ['a key=value pair', `password="${long}"`],
    ['a flag in an argv as JSON', `["--password", "${long}"]`],
    ['an environment variable', `DB_PASSWORD="${long}"`],
  ])('%s', (_name, text) => {
    const shown = redactSecrets.text!(text);
    expect(shown).not.toContain('k9Qm2VxP');
    expect(shown).toContain(R);
  });
});
