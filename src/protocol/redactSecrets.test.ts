import { describe, expect, it } from 'vitest';
import { createRedactor, isSecretKey, redactSecrets } from './redactSecrets';

// Secret shapes as runtimes leak them: [shape, the value carrying it, the secret that must go].
const SHAPES: Array<[string, unknown, string]> = [
  ['apiKey key', { apiKey: 'k-12345' }, 'k-12345'],
  ['api_key key', { api_key: 'k-12345' }, 'k-12345'],
  ['x-api-key header', { headers: { 'x-api-key': 'hdr-secret-1' } }, 'hdr-secret-1'],
  ['auth key', { auth: 'user:pw-abc' }, 'pw-abc'],
  ['bearer key', { bearer: 'brr-123' }, 'brr-123'],
  ['pwd key', { pwd: 'pwd-val' }, 'pwd-val'],
  ['pass key', { pass: 'pass-val' }, 'pass-val'],
  ['passphrase key', { passphrase: 'open sesame' }, 'open sesame'],
  ['jwt key', { jwt: 'jwt-val-1' }, 'jwt-val-1'],
  ['session key', { session: 'sess-val-1' }, 'sess-val-1'],
  ['signature key', { signature: 'sig-val-1' }, 'sig-val-1'],
  ['aws_access_key_id key', { aws_access_key_id: 'plain-id-1' }, 'plain-id-1'],
  ['aws_secret_access_key key', { aws_secret_access_key: 'wJalrXUtnFEMI' }, 'wJalrXUtnFEMI'],
  ['ssh_key key', { ssh_key: 'ssh-ed25519 AAAAC3' }, 'AAAAC3'],
  ['dsn key', { dsn: 'https://abc@sentry.example/1' }, 'abc@sentry'],
  ['database_url key', { database_url: 'postgres://localhost/db' }, 'postgres://localhost/db'],
  ['DATABASE_URL under env', { env: { DATABASE_URL: 'mysql://h/db' } }, 'mysql://h/db'],
  ['random value under env', { env: { SERVICE_CREDENTIAL_X: 'q8Zr2LmN5vXw9TyB4kPd' } }, 'q8Zr2LmN5vXw9TyB4kPd'],
  ['env as a string', { env: 'FOO=1 BAR=2' }, 'FOO=1 BAR=2'],
  ['headers as a string', { headers: 'Cookie: a=b' }, 'a=b'],
  ['cookie key', { Cookie: 'sid=abc' }, 'sid=abc'],
  ['accessToken key', { accessToken: 'at-1' }, 'at-1'],
  ['client_secret key', { client_secret: 'cs-1' }, 'cs-1'],
  ['private_key key', { private_key: 'pk-1' }, 'pk-1'],
  ['high-entropy value under a weak key', { signingKeyMaterial: 'Zx9Qw2Er7Ty1Ui3Op5As' }, 'Zx9Qw2Er7Ty1Ui3Op5As'],
  ['Bearer in a command', { command: 'curl -H "Authorization: Bearer abcDEF123456ghiJKL789" https://api.example.com' }, 'abcDEF123456ghiJKL789'],
  ['Basic auth header in text', 'Authorization: Basic dXNlcjpwYXNz', 'dXNlcjpwYXNz'],
  ['bare Bearer token', 'sent Bearer eyAbC.dEf-123_456', 'eyAbC.dEf-123_456'],
  ['access_token query', { url: 'https://api.example.com/v1?access_token=tok9f8e7d6c&page=2' }, 'tok9f8e7d6c'],
  ['token in a fragment', 'https://app.example.com/cb#id_token=abc.def.ghi&state=1', 'abc.def.ghi'],
  ['AWS presigned signature', 'https://s3.example.com/f?X-Amz-Signature=deadbeef1234&X-Amz-Expires=60', 'deadbeef1234'],
  ['URL credentials', { url: 'https://admin:hunter22@git.example.com/repo.git' }, 'hunter22'],
  ['postgres DSN', 'postgres://admin:S3cretPassw0rd@db.internal:5432/app', 'S3cretPassw0rd'],
  ['redis DSN with empty user', 'redis://:r3dispw@cache:6379', 'r3dispw'],
  ['GitHub classic token', 'git push https://ghp_1234567890abcdefghijABCDEFGHIJ123456@github.com/o/r', 'ghp_1234567890abcdefghijABCDEFGHIJ123456'],
  ['GitHub fine-grained token', 'GH=github_pat_11ABCDEFG0123456789_abcdefghijklmnop', 'github_pat_11ABCDEFG0123456789_abcdefghijklmnop'],
  ['GitLab token', 'glpat-abcdefghij0123456789', 'glpat-abcdefghij0123456789'],
  ['Slack bot token', 'xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx', 'xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx'],
  ['OpenAI-style key', 'use sk-live-4f3c2b1a0987654321fedcba please', 'sk-live-4f3c2b1a0987654321fedcba'],
  ['Anthropic-style key', 'sk-ant-api03-abcdefghijklmnopqrstuv', 'sk-ant-api03-abcdefghijklmnopqrstuv'],
  ['Stripe live key', 'sk_live_51Habcdefghijklmnopqrst', 'sk_live_51Habcdefghijklmnopqrst'],
  ['AWS access key id', 'export AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE', 'AKIAIOSFODNN7EXAMPLE'],
  ['Google API key', 'key AIzaSyA1234567890abcdefghijklmnopqrstuv', 'AIzaSyA1234567890abcdefghijklmnopqrstuv'],
  ['npm token', 'npm_abcdefghijklmnopqrstuvwxyz0123456789', 'npm_abcdefghijklmnopqrstuvwxyz0123456789'],
  ['Hugging Face token', 'hf_abcdefghijklmnopqrstuvwxyzABCDEF', 'hf_abcdefghijklmnopqrstuvwxyzABCDEF'],
  ['JWT', 'id eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.dozjgNryP4J3jVmNHl0w5N', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.dozjgNryP4J3jVmNHl0w5N'],
  ['password=value in a command', 'PGPASSWORD=pg-pass-9 psql', 'pg-pass-9'],
  ['--password flag', 'mysql --password=hunter2hunter2 -u root', 'hunter2hunter2'],
  ['--token flag with a space', 'gh auth login --token abc123def456', 'abc123def456'],
  ['streamed password delta', '{"user":"ada","password":"correct horse batt', 'correct horse batt'],
  ['quoted secret in JSON text', '{"client_secret": "cs val with spaces"}', 'cs val with spaces'],
  ['PEM block', '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA7bq\n-----END RSA PRIVATE KEY-----', 'MIIEowIBAAKCAQEA7bq'],
  ['PEM cut mid-stream', 'key: -----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXk', 'b3BlbnNzaC1rZXk'],
  ['secret in a nested array', { steps: [{ run: 'echo', with: { token: 'gha-tok-1' } }] }, 'gha-tok-1'],
];

describe('redactSecrets: secret shapes', () => {
  it('has at least 40 shapes', () => expect(SHAPES.length).toBeGreaterThanOrEqual(40));
  it.each(SHAPES)('%s', (_shape, value, secret) => {
    const shown = JSON.stringify(redactSecrets(value));
    expect(shown).not.toContain(secret);
    expect(shown).toContain('[redacted]');
  });
});

describe('redactSecrets: what is not a secret stays', () => {
  it('counts, ids and ordinary text are kept', () => {
    const value = {
      inputTokens: 4, tokenCount: 12, maxTokens: 100, sessionId: 'sess-1', threadId: 't', path: 'src/auth/login.ts',
      command: 'npx vitest run --reporter dot', note: 'Basic information about the token budget', url: 'https://example.com/docs?page=2',
      environment: 'production', keyboard: 'us', passed: 3,
    };
    expect(redactSecrets(value)).toEqual(value);
  });
  it('a string in gives a string out, redacted in place', () => {
    expect(redactSecrets('curl -H "Authorization: Bearer abcDEF123456ghiJKL789" -d x')).toBe('curl -H "Authorization: Bearer [redacted]" -d x');
    expect(redactSecrets('postgres://admin:pw123@db/app')).toBe('postgres://admin:[redacted]@db/app');
  });
  it('key names are read as words', () => {
    for (const key of ['apiKey', 'X-Api-Key', 'aws_access_key_id', 'githubToken', 'DATABASE_URL', 'passphrase', 'set-cookie']) expect(isSecretKey(key), key).toBe(true);
    for (const key of ['inputTokens', 'tokenCount', 'sessionId', 'keyboard', 'passed', 'monkey', 'author']) expect(isSecretKey(key), key).toBe(false);
  });
  it('stays linear on hostile strings', () => {
    // Four times the input costs about four times the time (a backtracking pattern costs 16x or
    // more). Machine speed cancels out in the ratio; the best of three runs drops a GC pause.
    const best = (text: string) => {
      let ms = Infinity;
      for (let i = 0; i < 3; i++) {
        const start = performance.now();
        redactSecrets(text);
        ms = Math.min(ms, performance.now() - start);
      }
      return ms;
    };
    const units = ['Bearer ', 'a://', '?token=', '-----BEGIN RSA PRIVATE KEY-----', 'password=', 'key-', 'Cookie: ', 'sshpass -p ', 'hvs.'];
    for (const unit of units) {
      // Inside the redactor's length bound, where its rules see the whole input.
      const count = Math.floor(3_900 / unit.length);
      const quarter = best(unit.repeat(Math.ceil(count / 4)));
      const whole = best(unit.repeat(count));
      expect(whole / Math.max(quarter, 2), unit).toBeLessThan(10);
    }
  });
});

describe('createRedactor: the app adds its own patterns', () => {
  it('extra keys and values, and its own replacement', () => {
    const redact = createRedactor({ keys: [/^x-acme-/i], values: [/acme_[a-z0-9]{12}/], replacement: '•••' });
    expect(redact({ 'X-Acme-Tenant': 't1', note: 'use acme_abcdef123456 now', apiKey: 'k' })).toEqual({ 'X-Acme-Tenant': '•••', note: 'use ••• now', apiKey: '•••' });
  });
});
