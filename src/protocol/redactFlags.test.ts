// One answer to "does this flag take a secret?" for an argv array, a command written as text and an
// argv written as JSON text: the key classifier's (the app's key patterns included), less a switch
// off or a flag naming where a secret comes from. Before, text and JSON text had lists of word
// endings of their own: `--secret-string x` was redacted in an array and shown as text.
// Expectations from SPEC section 10: a secret goes, the rest stays as it was.
import { describe, expect, it } from 'vitest';
import { createRedactor, redactSecrets } from './redactSecrets';

const R = '[redacted]';
const RANDOM = 'q8Zr2LxW9mPa4TkV7cYe';

describe('a flag that names a secret loses its value in text as in an argv array', () => {
  it.each([
    ['aws secretsmanager put-secret-value --secret-id prod --secret-string hunter2-prod', `aws secretsmanager put-secret-value --secret-id prod --secret-string ${R}`],
    ['rails new --password-confirmation hunter2', `rails new --password-confirmation ${R}`],
    ['curl --auth-header hunter2 https://x.test', `curl --auth-header ${R} https://x.test`],
    ['tool --client-secret=hunter2 --verbose', `tool --client-secret=${R} --verbose`],
  ])('text: %s', (text, redacted) => {
    expect(redactSecrets(text)).toBe(redacted);
    expect(redactSecrets(text.split(' '))).toEqual(redacted.split(' '));
  });

  it('a quoted value in text', () => {
    expect(redactSecrets('vault login --token "s.hunter2" -method=token')).toBe(`vault login --token "${R}" -method=token`);
  });

  it('JSON text of an argv: a flag named for a secret by any word', () => {
    const args = JSON.stringify({ argv: ['aws', '--secret-string', 'hunter2-prod', '--region', 'eu-west-1'] });
    expect(redactSecrets(args)).toBe(JSON.stringify({ argv: ['aws', '--secret-string', R, '--region', 'eu-west-1'] }));
  });

  it("the app's key patterns name flags in text too", () => {
    const redact = createRedactor({ keys: [/^ssn$/i, /card-?number/i] });
    expect(redact('enroll --ssn 123-45-6789 --card-number 4111111111111111 --plan pro')).toBe(`enroll --ssn ${R} --card-number ${R} --plan pro`);
    expect(redact(['enroll', '--ssn', '123-45-6789'])).toEqual(['enroll', '--ssn', R]);
  });

  it('a weak name (`--key`) loses a random-looking value, and keeps a path, in text, JSON text and argv alike', () => {
    expect(redactSecrets(`sign --key ${RANDOM}`)).toBe(`sign --key ${R}`);
    expect(redactSecrets(['sign', '--key', RANDOM])).toEqual(['sign', '--key', R]);
    expect(redactSecrets(JSON.stringify(['sign', '--key', RANDOM]))).toBe(JSON.stringify(['sign', '--key', R]));
    expect(redactSecrets('openssl req --key ./certs/server.pem')).toBe('openssl req --key ./certs/server.pem');
    expect(redactSecrets(JSON.stringify(['openssl', '--key', './certs/server.pem']))).toBe(JSON.stringify(['openssl', '--key', './certs/server.pem']));
    expect(redactSecrets(['openssl', '--key', './certs/server.pem'])).toEqual(['openssl', '--key', './certs/server.pem']);
  });
});

describe('flags that take no secret keep their values in text as in an argv array', () => {
  it.each([
    'docker login --password-stdin ghcr.io',
    'psql --no-password -d app',
    'kubectl get --secret-name prod-db',
    'curl --auth-type basic https://x.test',
    'aws secretsmanager get-secret-value --secret-id prod-db',
    'git log --author ada --format short',
    'npm run build -- --mode production',
  ])('%s', (text) => {
    expect(redactSecrets(text)).toBe(text);
    expect(redactSecrets(text.split(' '))).toEqual(text.split(' '));
    expect(redactSecrets(JSON.stringify(text.split(' ')))).toBe(JSON.stringify(text.split(' ')));
  });

  it('prose with dashes is prose', () => {
    const prose = 'The token -- the one from yesterday -- expired; see --help for the secret rotation steps.';
    expect(redactSecrets(prose)).toBe(prose);
  });
});
