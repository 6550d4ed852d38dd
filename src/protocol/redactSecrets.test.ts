import { describe, expect, it } from 'vitest';
import { ORDINARY_VALUES, SECRET_SHAPES } from '../../test/secretShapes';
import { createRedactor, isSecretKey, redactSecrets } from './redactSecrets';

describe('redactSecrets: the secret-shape table', () => {
  it('has at least 100 shapes and 30 ordinary values', () => {
    expect(SECRET_SHAPES.length).toBeGreaterThanOrEqual(100);
    expect(ORDINARY_VALUES.length).toBeGreaterThanOrEqual(30);
  });
  it.each(SECRET_SHAPES)('%s', (_shape, value, secret) => {
    const shown = JSON.stringify(redactSecrets(value));
    expect(shown).not.toContain(secret);
    expect(shown).toContain('[redacted]');
  });
  it.each(SECRET_SHAPES.filter(([, value]) => typeof value === 'string'))('%s, through the display text (no cut)', (_shape, value, secret) => {
    expect(redactSecrets.text!(value as string)).not.toContain(secret);
  });
  it.each(ORDINARY_VALUES.map((value) => [JSON.stringify(value), value] as const))('%s stays as it is', (_name, value) => {
    expect(redactSecrets(value)).toEqual(value);
    if (typeof value === 'string') expect(redactSecrets.text!(value)).toBe(value);
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
    // An upper-case run ends a letter before the next word: `HTTPToken` is http + token.
    for (const key of ['HTTPToken', 'AWSSecretAccessKey', 'PGPASSWORD', 'XMLApiKey']) expect(isSecretKey(key), key).toBe(true);
    expect(isSecretKey('HTTPStatus')).toBe(false);
  });
  it('reads a long name as words in linear time (a name is any string first in a pair, after a dash in an argv, or a record’s name)', () => {
    // The same ratio check as below: 8x the length must cost well under 64x (quadratic) the CPU time.
    const time = (n: number) => {
      const name = 'A'.repeat(n);
      const redact = createRedactor(); // its own: names already read are not read again
      const start = process.cpuUsage();
      redact({ [name]: 'x', pair: [name, 'x'], argv: ['cmd', `-${name}`, 'x'], record: { name, value: 'x' } });
      const { user, system } = process.cpuUsage(start);
      return (user + system) / 1000;
    };
    let smallMs = Infinity;
    let largeMs = Infinity;
    for (let i = 0; i < 5; i++) {
      smallMs = Math.min(smallMs, time(2_500));
      largeMs = Math.min(largeMs, time(20_000));
    }
    expect(largeMs / Math.max(smallMs, 1)).toBeLessThan(32);
  });
  it('stays linear on hostile strings', () => {
    // Eight times the input costs about eight times the time; a quadratic pattern costs 64x (a
    // backtracking one more). The bound, 32x, is four times linear and half of quadratic: machine
    // speed cancels out in the ratio, and the two sizes are timed in turn, best of five each. The
    // time is this process's CPU time, not the clock's: a busy machine's waits for a core are not
    // in it (by the clock, 'key-' read 44x beside the browser suites and two busy loops).
    const time = (text: string) => {
      const start = process.cpuUsage();
      redactSecrets.text!(text);
      const { user, system } = process.cpuUsage(start);
      return (user + system) / 1000;
    };
    const units = ['Bearer ', 'a://', '?token=', '-----BEGIN RSA PRIVATE KEY-----', 'password=', 'key-', 'Cookie: ', 'sshpass -p ', 'mysql -p', 'hvs.', '-u a:', 'A_', 'DB_PASS ', '["--password","', '"auth":"', '[^', 'x', 'eyJabcdefgh-', 'sk.eyJabcdefghijklmnopqrstu-', 'SG.abcdefghijklmnop-', '--a', '--token ', '"--a","'];
    for (const unit of units) {
      // Display text is redacted whole (no cut), so 100 KB of it must cost about 8x 12.5 KB.
      const small = unit.repeat(Math.ceil(12_500 / unit.length));
      const large = unit.repeat(Math.ceil(100_000 / unit.length));
      let smallMs = Infinity;
      let largeMs = Infinity;
      for (let i = 0; i < 5; i++) {
        smallMs = Math.min(smallMs, time(small));
        largeMs = Math.min(largeMs, time(large));
      }
      expect(largeMs / Math.max(smallMs, 1), unit).toBeLessThan(32);
    }
  });
});

describe('createRedactor: the app adds its own patterns', () => {
  it('extra keys and values, and its own replacement', () => {
    const redact = createRedactor({ keys: [/^x-acme-/i], values: [/acme_[a-z0-9]{12}/], replacement: '•••' });
    expect(redact({ 'X-Acme-Tenant': 't1', note: 'use acme_abcdef123456 now', apiKey: 'k' })).toEqual({ 'X-Acme-Tenant': '•••', note: 'use ••• now', apiKey: '•••' });
  });

  it('a key pattern with the g or y flag redacts every key it names, each time (test() of such a pattern keeps a position)', () => {
    for (const flags of ['g', 'gi', 'y']) {
      const redact = createRedactor({ keys: [new RegExp('tenant', flags)] });
      const values = [1, 2, 3].map((n) => redact({ tenant: `t${n}`, tenantName: `n${n}`, note: 'n' }));
      expect(values, flags).toEqual([1, 2, 3].map(() => ({ tenant: '[redacted]', tenantName: '[redacted]', note: 'n' })));
    }
  });

  it('keys are classified alike however many different keys it has seen (a stream of new keys)', () => {
    const redact = createRedactor();
    for (let round = 0; round < 2; round++) {
      for (let n = 0; n < 3_000; n++) {
        const value = redact({ [`field${n}`]: 'plain', [`field${n}Token`]: 'x', apiKey: 'k', path: 'src/a.ts' });
        expect(value).toEqual({ [`field${n}`]: 'plain', [`field${n}Token`]: '[redacted]', apiKey: '[redacted]', path: 'src/a.ts' });
      }
    }
  });

  it('a string seen before is redacted as the first time, by each redactor’s own patterns, however many strings came between', () => {
    const acme = createRedactor({ values: [/acme_[a-z0-9]{12}/] });
    const plain = createRedactor();
    const text = 'call acme_abcdef123456 with Bearer abcdefgh12345678';
    const long = `${'word '.repeat(4_000)}token=s3cr3t-v4lue`;
    for (let round = 0; round < 3; round++) {
      expect(acme(text)).toBe('call [redacted] with Bearer [redacted]');
      expect(plain(text)).toBe('call acme_abcdef123456 with Bearer [redacted]');
      expect(plain.text!(long).endsWith('token=[redacted]')).toBe(true);
      // Ever-new texts between the rounds (more than it remembers).
      for (let n = 0; n < 1_500; n++) expect(plain(`ordinary line ${n} ${'x'.repeat(n % 300)}`)).toBe(`ordinary line ${n} ${'x'.repeat(n % 300)}`);
    }
  });
});
