// Redaction that took what is no secret: a lone pair of strings read as a header pair (two
// choices, two labels), a switch or a flag naming where a secret comes from taken as naming the secret
// (`--no-password`, `--password-stdin`), and a value cut to nothing shown as an empty string.
// And what it still missed: `--otp`, a secret key's number in JSON text, kubeconfig's key data, AWS and
// records, single-quoted keys, escaped JSON inside a JSON string, a value past 2,000 characters. And what an
// adversarial review of those found (the flags judged by their last word alone leaked `--secret-string`).
// Expectations from SPEC section 10: a secret goes, the rest stays as it was, and a cut says so.
import { describe, expect, it } from 'vitest';
import { createRedactor, redactSecrets } from './redactSecrets';

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

describe('argv: a switch off, and a flag naming where a secret comes from or what it is called, take no secret', () => {
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
    [['aws', 'secretsmanager', 'create-secret', '--secret-string', 'Tr0ub4dor&3'], ['aws', 'secretsmanager', 'create-secret', '--secret-string', R]],
    [['signup', '--password-confirmation', 'Hunter2!x'], ['signup', '--password-confirmation', R]],
    [['http', '--auth-header', 'Basic dXNlcjpwYXNzd29yZA=='], ['http', '--auth-header', R]],
    [['login', '--password', '-Xy7pw!q'], ['login', '--password', R]],
  ])('%j loses the value', (argv, shown) => {
    expect(redactSecrets({ argv })).toEqual({ argv: shown });
  });
});

describe('argv as text', () => {
  it('a flag after a secret-named flag is no value, in a command and in JSON', () => {
    expect(redactSecrets.text!('psql --no-password -d app')).toBe('psql --no-password -d app');
    expect(redactSecrets.text!('["psql", "--no-password", "-d", "app"]')).toBe('["psql", "--no-password", "-d", "app"]');
  });
  it('a password that starts with a dash goes', () => {
    expect(redactSecrets.text!('login --password -Xy7pw!q')).toBe(`login --password ${R}`);
    expect(redactSecrets.text!('svc --auth=-abc123')).toBe(`svc --auth=${R}`);
    expect(redactSecrets.text!('["login", "--password", "-Xy7pw"]')).toBe(`["login", "--password", "${R}"]`);
  });
  it("an app's key pattern judges a flag by its name without the dashes", () => {
    const redact = createRedactor({ keys: [/^ssn$/i, /card[-_]?number/i] });
    expect(redact({ argv: ['enroll', '--ssn', '078-05-1120', '--card-number', '4111111111111111'] })).toEqual({ argv: ['enroll', '--ssn', R, '--card-number', R] });
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
  it('key data is a word: monkey-data is no key', () => {
    expect(redactSecrets.text!('monkey-data: 42')).toBe('monkey-data: 42');
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
  it('{ Name, Value } (AWS) records are judged by their name; { key, value } is as often a translation, kept', () => {
    expect(redactSecrets({ Environment: [{ Name: 'DB_PASSWORD', Value: 'hunter2x' }, { Name: 'REGION', Value: 'eu-west-1' }] })).toEqual({
      Environment: [{ Name: 'DB_PASSWORD', Value: R }, { Name: 'REGION', Value: 'eu-west-1' }],
    });
    const strings = [{ key: 'nav.password', value: 'Password' }, { key: 'auth.method', value: 'OAuth' }];
    expect(redactSecrets({ strings })).toEqual({ strings });
  });
  it("a Python dict's single-quoted secret key", () => {
    expect(redactSecrets.text!("{'userPass': 'hunter2x', 'user': 'ada'}")).toBe(`{'userPass': '${R}', 'user': 'ada'}`);
  });
  it('keys written as words are labels (a translation table), kept', () => {
    const text = '{"Cookie policy": "Accept all", "MFA settings": "Manage", "Two-factor auth": "On"}';
    expect(redactSecrets.text!(text)).toBe(text);
  });
});

describe('escaped JSON inside a JSON string', () => {
  it("escaped JSON in a string value: the outer value ends at the escaped quote, so the inner secret key is read", () => {
    const shown = redactSecrets.text!('{"status": 200, "body": "{\\"userPass\\": \\"hunter2x\\", \\"user\\": \\"ada\\"}"}');
    expect(shown).not.toContain('hunter2x');
    expect(shown).toContain('ada');
  });
  it('a stray backslash before a closing quote does not carry a value over the next key', () => {
    expect(redactSecrets.text!('{"cwd": "C:\\work\\", "userPass": "pw-Secret-123"}')).not.toContain('pw-Secret-123');
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
