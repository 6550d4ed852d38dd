// Runtime values carry credentials: tool args, scopes, previews, raw events in diagnostics. One
// redaction runs wherever such values enter display or a stored diagnostic (SPEC section 10):
// by key name (the whole value goes) and by value shape inside any string (only the secret goes).
// Every pattern here is linear: no nested quantifiers, no backtracking across unbounded input.
import { cutWhole } from './cutWhole';
import { boundedMemo } from './boundedMemo';

/** What a redacted secret is replaced with by default: `[redacted]`. */
export const REDACTED = '[redacted]';
const MAX_DEPTH = 8;
const MAX_STRING = 4_000;
const MAX_ITEMS = 200;
/** Key names whose class a redactor remembers. */
const KEY_CACHE_SIZE = 1_024;
/** Strings in values whose redaction a redactor remembers (it forgets them all past this), and their longest. */
const TEXT_CACHE_SIZE = 1_024;
const TEXT_CACHE_LENGTH = 512;

/**
 * A deep copy with secrets replaced; a string in gives a string out (cut at 4,000 characters).
 * `text`, when present, redacts a string of any length without cutting it (what display uses).
 */
export type Redactor = (<T>(value: T) => T extends string ? string : unknown) & { text?: (value: string) => string };

/** App-specific redaction rules added to the built-in key-name and value patterns. */
export interface RedactOptions {
  /** Extra key names whose whole value is secret (tested against the key as written). */
  keys?: readonly RegExp[];
  /** Extra value patterns (global flag added if missing); each match is replaced. */
  values?: readonly RegExp[];
  /** What a secret becomes; `[redacted]` by default. */
  replacement?: string;
}

// Key names are read as words (camelCase, snake_case, kebab-case, dots): `inputTokens` is not a
// token and `sessionId` is not a session secret, `accessToken` and `x-api-key` are.
const SECRET_WORDS = new Set(
  (
    'password passwd pwd passphrase secret secrets authorization auth bearer cookie cookies credential credentials jwt dsn ' +
    'apikey privatekey signature otp totp mfa ' +
    // Joined spellings a runtime writes in lower case (`secretkey`): one word to the splitter. Those ending
    // in a secret's name (`accesstoken`, `clientsecret`, `PGPASSWORD`) are found by their ending.
    'secretkey accesskey secretaccesskey accountkey sharedaccesskey signingkey'
  ).split(' '),
);
/** Secret only as the last word: `githubToken`, `session`, `userPass`, but not `tokenCount`. */
const SECRET_LAST_WORDS = new Set(['token', 'session', 'pass', 'sig']);
/** Word pairs anywhere in the key: `aws_access_key_id`, `DATABASE_URL`, `ssh_key`. */
const SECRET_PAIRS = [
  ['api', 'key'], ['private', 'key'], ['ssh', 'key'], ['access', 'key'], ['signing', 'key'],
  ['encryption', 'key'], ['master', 'key'], ['database', 'url'], ['db', 'url'], ['connection', 'string'], ['conn', 'str'],
  ['session', 'token'], ['session', 'key'],
] as const;
/** Containers of mixed values: strings under them are redacted whole, objects are searched strictly. */
const CONTAINER_WORDS = new Set(['env', 'headers']);
/** Words that make a key suspicious: its value is redacted when it looks random. */
const WEAK_WORDS = new Set('key hash salt nonce cert code private hmac seed'.split(' '));

function keyWords(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    // One letter looked past, not a run: `([A-Z]+)([A-Z][a-z])` took seconds on a long upper-case name.
    .replace(/([A-Z])(?=[A-Z][a-z])/g, '$1 ')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

type KeyClass = 'secret' | 'container' | 'weak' | 'plain';

function classifyKey(key: string, extra: readonly RegExp[]): KeyClass {
  if (extra.some((pattern) => pattern.test(key))) return 'secret';
  const words = keyWords(key);
  if (words.length === 0) return 'plain';
  const joined = words.join('');
  if (words.some((w) => SECRET_WORDS.has(w) || /.(?:password|passwd|secret|token)$/.test(w)) || SECRET_WORDS.has(joined)) return 'secret';
  if (SECRET_LAST_WORDS.has(words[words.length - 1]!)) return 'secret';
  for (const [a, b] of SECRET_PAIRS) {
    const i = words.indexOf(a);
    if (i >= 0 && words.indexOf(b, i + 1) > i) return 'secret';
  }
  if (words.some((w) => CONTAINER_WORDS.has(w)) && words.length === 1) return 'container';
  if (words.some((w) => WEAK_WORDS.has(w))) return 'weak';
  return 'plain';
}

/**
 * True when a key name alone marks its value secret (`apiKey`, `authorization`, `db_password` ...):
 * the whole value is redacted.
 */
export function isSecretKey(key: string): boolean {
  return classifyKey(key, []) === 'secret';
}

type Replacer = (match: string, ...groups: string[]) => string;
type Rule = { pattern: RegExp; replace: (replacement: string) => string | Replacer };

/** The first group kept, the rest of the match replaced. */
const keep = (replacement: string) => `$1${replacement}`;
const whole = (replacement: string) => replacement;
/** The prefix kept, the value replaced inside its quotes (a value already redacted stays as it is). */
const keepQuoted = (r: string) => (match: string, prefix: string, value: string) => {
  const quote = /^["']?/.exec(value)![0];
  return value === `${quote}${r}${quote}` ? match : `${prefix}${quote}${r}${quote}`;
};

// Secret shapes inside any string. Order matters: whole blocks before the pieces inside them.
const VALUE_RULES: Rule[] = [
  // PEM private keys, to their END line or the end of the text (a streamed key is cut mid-block).
  { pattern: /-----BEGIN[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END[A-Z0-9 ]{0,40}-----|$)/g, replace: whole },
  // HTTP auth: `Authorization: Basic x`, `-H "Authorization: Bearer x"`, `Bearer x`, `token x`.
  { pattern: /(authorization["']?\s{0,3}[:=]\s{0,3}["']?(?:(?:bearer|basic|digest|token|negotiate|ntlm)\s+)?)[^\s"',;]{4,}/gi, replace: keep },
  { pattern: /\b(bearer\s+)[A-Za-z0-9._~+/=-]{8,}/gi, replace: keep },
  { pattern: /\b((?:token|bot)\s+)(?=[A-Za-z0-9._~+/=-]{0,400}\d)[A-Za-z0-9._~+/=-]{16,}/gi, replace: keep },
  // Credentials in URLs and DSNs: scheme://user:password@host.
  { pattern: /\b([a-z][a-z0-9+.-]{1,20}:\/\/[^\s:@/?#]{0,200}:)[^\s@/?#]{1,400}@/gi, replace: (r) => `$1${r}@` },
  // Webhook URLs are the credential themselves (Slack), or carry it as their last segment (Discord).
  { pattern: /https:\/\/hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9_/-]{10,}/g, replace: whole },
  { pattern: /(https:\/\/(?:canary\.|ptb\.)?discord(?:app)?\.com\/api\/webhooks\/\d{1,30}\/)[A-Za-z0-9_-]{20,}/g, replace: keep },
  // Token query and fragment parameters.
  {
    pattern: /([?&#;](?:access_token|id_token|refresh_token|token|api_key|apikey|key|auth|sig|signature|password|secret|client_secret|code|x-amz-signature|x-amz-credential|x-amz-security-token|session|sessionid|jwt)=)[^&#\s"'<>]+/gi,
    replace: keep,
  },
  // Cookie headers, as text or JSON: the whole value (every cookie in it) to the line's end or quote.
  { pattern: /(\b(?:set-)?cookie["']?\s{0,3}[:=]\s{0,3}["']?)(?!\[redacted\])[^\n"']{1,4000}/gi, replace: keep },
  // Passwords on command lines: `curl -u user:pw`, `mysql -pX`, `sshpass -p X`.
  { pattern: /((?:^|\s)(?:-u|--user)\s{0,3}["']?[^\s:"'-][^\s:"']{0,200}:)(?!\[redacted\])[^\s"']{1,400}/g, replace: keep },
  { pattern: /(\bmysql(?:dump|admin|import|sh|slap|check)?\b[^\n|;&]{0,200}?\s-p)(?!\[redacted\])([^\s"'|;&]+)/g, replace: keep },
  { pattern: /(\bsshpass\b[^\n|;&]{0,100}?\s-p\s{0,3}["']?)(?!\[redacted\])([^\s"'|;&]+)/g, replace: keep },
  // key=value and "key": "value" in commands, env files, logs and partial JSON (a streamed args
  // delta; a name's ending is enough: `token` finds `access_token`, `access_key` `shared_access_key`),
  // escaped JSON too (a response body inside a tool result: \"token\":\"x\"); a quoted
  // value goes whole, to its closing quote or the end of the text.
  {
    pattern:
      /((?:password|passwd|pwd|passphrase|secret|(?:api|access|secret|private|account)[_-]?key|\bkey-data|sharedaccesssignature|_auth|token|dsn|database[_-]?url)\\?["']?\s{0,3}[:=]\s{0,3})(\\?"[^"\n]*"?|'[^'\n]*'?|(?!\[redacted\])(?:[^\s"',;&}]|&#?\w{1,8};)+)/gi,
    replace: keepQuoted,
  },
  // Environment variables named for a secret: `DB_PASS=x`, `STRIPE_KEY=sk`, `GITHUB_TOKEN: x`.
  {
    pattern: /(\b[A-Z][A-Z0-9_]{0,100}_(?:PASS|PASSWORD|PASSWD|PWD|SECRET|TOKEN|KEY|APIKEY|CREDENTIALS?|AUTH)["']?\s{0,3}[:=]\s{0,3})("[^"\n]*"?|'[^'\n]*'?|(?!\[redacted\])[^\s"',;&}]+)/g,
    replace: keepQuoted,
  },
];

/**
 * Flags that name a secret but take none after them: a switch off, a flag naming where it comes from or what
 * it is called, and one that carries its value (`--token=x`, redacted as text).
 */
const NOT_A_SECRET_FLAG = /^no-|=|-(?:stdin|file|name|type|id)$/;

/** Secret shapes replaced whole, after the rules above (each its own pass, in this order). */
const TOKEN_SHAPES: RegExp[] = [
  // Well-known token prefixes.
  /\b(?:sk|rk|pk_live|sk_live|sk_test|rk_live|rk_test)[-_][A-Za-z0-9_-]{16,}/g,
  /\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{20,}|\bgithub_pat_[A-Za-z0-9_]{20,}/g,
  // GitLab: personal, runner, pipeline trigger, deploy, OAuth, CI build, feed, incoming mail, agent tokens.
  /\bgl(?:pat|rt|ptt|dt|soat|cbt|ft|imt|oas|agent)-[A-Za-z0-9_-]{20,}/g,
  /\bxox[abposre]-[A-Za-z0-9-]{10,}/g,
  /\bxapp-[0-9]-[A-Za-z0-9-]{10,}/g,
  /\b(?:AKIA|ASIA|AIDA|AROA)[0-9A-Z]{16}\b/g,
  /\bAIza[0-9A-Za-z_-]{35}/g,
  /\bya29\.[0-9A-Za-z_-]{20,}/g,
  /\bnpm_[A-Za-z0-9]{36}\b/g,
  /\bhf_[A-Za-z0-9]{30,}/g,
  /\bSG\.[A-Za-z0-9_-]{16,1000}\.[A-Za-z0-9_-]{16,}/g,
  /\bwhsec_[A-Za-z0-9]{20,}/g,
  /\b(?:pypi|dop_v1|doo_v1|dor_v1|shpat|shpss|shpca|shppa|lin_api|pat)[-_][A-Za-z0-9_-]{20,}/g,
  // Vendors' prefixed keys: Docker, Vault, Groq, Replicate, Perplexity, Notion, Figma, Sentry,
  // Postman, Supabase, Grafana, Square, Fly, Netlify, Heroku, PlanetScale, Doppler, Databricks,
  // Atlassian, New Relic, RubyGems, Pulumi, Airtable.
  /\b(?:dckr_(?:pat|oat)_|hv[sbr]\.|gsk_|r8_|pplx-|ntn_|secret_(?=[A-Za-z0-9]{40})|figd_|sntry[su]_|PMAK-|sbp_|glsa_|glc_|sq0(?:atp|csp)-|fo1_|nfp_|HRKU-|pscale_(?:tkn|pw|oauth)_|dp\.(?:pt|st|sa|ct|scim|audit)\.|dapi(?=[0-9a-f]{32})|ATATT3|NRAK-|rubygems_|pul-(?=[a-f0-9]{40})|pat(?=[A-Za-z0-9]{14}\.[a-f0-9]{64}))[A-Za-z0-9_.=+/-]{20,}/g,
  // Mailgun (`key-` and 32 characters), Telegram bots (`123456789:` and 35), Twilio API keys, age.
  /\bkey-[0-9a-zA-Z]{32}\b/g,
  /(?<![0-9])\d{8,10}:[A-Za-z0-9_-]{35}\b/g,
  /\bSK[0-9a-fA-F]{32}\b/g,
  /\bAGE-SECRET-KEY-1[0-9A-Z]{58}\b/g,
  // Mapbox secret and public tokens (a JWT-like body after `sk.` / `pk.`).
  /\b[sp]k\.eyJ[A-Za-z0-9_-]{20,1000}\.[A-Za-z0-9_-]{10,}/g,
  // JSON Web Tokens, starting where a token can (not inside a run: one with no dot was read again from every
  // `eyJ` in it, quadratic).
  /(?<![\w-])eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g,
];

/** Shannon entropy per character: random tokens sit above 3.5, words and paths below. */
function entropy(text: string): number {
  const counts = new Map<string, number>();
  for (const c of text) counts.set(c, (counts.get(c) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) {
    const p = n / text.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

function looksRandom(value: string): boolean {
  return value.length >= 16 && value.length <= 4096 && !/\s/.test(value) && entropy(value) >= 3.5;
}

/** A redactor with the built-in patterns plus the app's. */
export function createRedactor(options: RedactOptions = {}): Redactor {
  const replacement = options.replacement ?? REDACTED;
  // A key pattern answers for the key alone: a `g` or `y` flag would make `test` depend on the key before.
  const extraKeys = (options.keys ?? []).map((pattern) => (/[gy]/.test(pattern.flags) ? new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, '')) : pattern));
  const rules = [
    ...VALUE_RULES.map((rule) => ({ pattern: rule.pattern, to: rule.replace(replacement) })),
    ...TOKEN_SHAPES.map((pattern) => ({ pattern, to: replacement })),
    ...(options.values ?? []).map((pattern): { pattern: RegExp; to: string | Replacer } => ({
      // Every match, anywhere: a `y` flag kept would match only at the start and right after a match.
      pattern: new RegExp(pattern.source, `${pattern.flags.replace(/[gy]/g, '')}g`),
      to: replacement,
    })),
  ];
  // Key names repeat from event to event (the envelope's, a tool's args): each is read as words once.
  // Bounded, so a stream of ever-new keys cannot grow it.
  const classOf = boundedMemo((key): KeyClass => classifyKey(key, extraKeys), { size: KEY_CACHE_SIZE });
  // Does a flag take a secret? One answer for an argv array, a command as text and an argv as JSON text:
  // its name's verdict as a key's (the app's patterns too), a weak name (`--key`) only for a random-looking
  // value, never a switch off or a flag naming a secret's source or name (`--password-stdin`, `--secret-id`).
  const flagHides = (flag: string, value: string): boolean => {
    const name = flag.replace(/^-+/, '');
    const kind = classOf(name);
    return !NOT_A_SECRET_FLAG.test(name) && (kind === 'secret' || (kind === 'weak' && looksRandom(value)));
  };
  const flag = (match: string, prefix: string, name: string, value: string) => (flagHides(name, value) ? prefix + replacement : match);
  rules.push(
    // An argv written as JSON: `["--db-password", "x"]`.
    { pattern: /("(--?[a-z0-9][\w-]{0,80})"\s{0,3},\s{0,3}")(?!\[redacted\])([^"\n]+)/gi, to: flag },
    // Flags in a command: `--password x`, `--token=x`, `--secret-string "x"`.
    { pattern: /((--[a-z0-9][\w-]{0,80})[= ]["']?)(?!\[redacted\])([^\s"']+)/gi, to: flag },
  );
  // A quoted key in JSON text (or a Python dict's, single-quoted), whole or half-streamed (a tool's args while
  // they arrive), registry auth in Docker's config.json too: its value (a string or a number, `"otp": 492039`)
  // goes when the key is secret by the same verdict as an object's key, the app's patterns included. A string
  // value ends before an escaped quote: `"body": "{\"userPass\": …` leaves the inner key to be read, and a
  // stray backslash (`"C:\work\"`) cannot carry a value over the next key.
  rules.push({
    pattern: /(\\?["']([\w.$-]{1,80})\\?["']\s{0,3}:\s{0,3})(\\?"(?:[^"\n\\]|\\(?!"))*"?|'[^'\n]*'?|\d+)/g,
    to: (match, prefix, key, value) => (classOf(key!) === 'secret' ? keepQuoted(replacement)(match, prefix!, value!) : match),
  });
  const whole = (value: string): string => {
    let out = value;
    for (const rule of rules) {
      rule.pattern.lastIndex = 0;
      out = typeof rule.to === 'string' ? out.replace(rule.pattern, rule.to) : out.replace(rule.pattern, rule.to);
    }
    return out;
  };
  // The strings in values repeat from event to event (ids, types, a version, a refused stream's
  // same bad field: a diagnostic keeps each refused event redacted), and each pass is some forty
  // patterns: a string's redaction is a function of the string alone, so a short one is
  // remembered. Bounded, so ever-new strings cannot grow it. (Display text has its own memory:
  // `displayText`.)
  const remembered = boundedMemo(whole, { size: TEXT_CACHE_SIZE, longest: TEXT_CACHE_LENGTH });
  // Redacted before it is cut, and no cut splits a token: a key straddling a cut goes whole, not in part.
  const text = (value: string): string => {
    const out = remembered(cutWhole(value, MAX_STRING * 2));
    // Cut marked even when the cut kept nothing (one long token).
    return out.length > MAX_STRING || value.length > MAX_STRING * 2 ? `${cutWhole(out, MAX_STRING)}…` : out;
  };
  const walk = (value: unknown, depth: number, strict: boolean, pair?: boolean): unknown => {
    if (typeof value === 'string') return strict && looksRandom(value) ? replacement : text(value);
    if (typeof value !== 'object' || value === null) return value;
    if (depth >= MAX_DEPTH) return '[truncated]';
    if (Array.isArray(value)) {
      const items = value.slice(0, MAX_ITEMS);
      // Header pairs only in a list of `[name, value]` pairs (`Object.entries`): a lone pair of
      // strings is as often two choices (`["Rotate the API key", "Skip"]`).
      const pairs = items.every((item) => Array.isArray(item) && item.length === 2);
      return items.map((item, i) => {
        const name = items[i - 1];
        if (typeof item !== 'string' || typeof name !== 'string' || !(pair || name[0] === '-')) return walk(item, depth + 1, strict, pairs);
        // A header's value, or an argv flag's that names a secret (`--db-password`, `--secret-string`), but not a
        // switch or a flag naming something else (`--no-password`, `--password-stdin`, `--secret-name`);
        // `["-u", "ada:x"]` keeps the user.
        if (flagHides(name, item)) return replacement;
        return /^(?:-u|--user)$/.test(name) ? item.replace(/:.+/, `:${replacement}`) : walk(item, depth + 1, strict);
      });
    }
    const copy: Record<string, unknown> = {};
    // A header or variable as a record, `{ name: "Authorization", value: "…" }` (HAR, Kubernetes), `{ Name, Value }`
    // (AWS): the name says what the value is. Not `{ key, value }`: as often a translation (`nav.password`).
    const record = value as Record<string, unknown>;
    const named = record.name ?? record.Name;
    for (const key of Object.keys(record).slice(0, MAX_ITEMS)) {
      const item = record[key];
      const kind = /^value$/i.test(key) && typeof named === 'string' ? classOf(named) : classOf(key);
      // Null-prototype safe: a `__proto__` key stays data.
      const set = (v: unknown) => Object.defineProperty(copy, key, { value: v, enumerable: true, writable: true, configurable: true });
      if (kind === 'secret') set(item === null || item === undefined || item === '' ? item : replacement);
      // `env: "prod"` is a word, `env: "TOKEN=x"` and `headers: "Cookie: a=b"` assign something.
      else if (kind === 'container') set(typeof item === 'string' ? (/[=:]/.test(item) || looksRandom(item) ? replacement : text(item)) : walk(item, depth + 1, true));
      else if (kind === 'weak' && typeof item === 'string' && looksRandom(item)) set(replacement);
      else set(walk(item, depth + 1, strict));
    }
    return copy;
  };
  const redactor = ((value: unknown) => walk(value, 0, false)) as Redactor;
  redactor.text = whole;
  return redactor;
}

/** The built-in redactor: key names, value shapes, bounded depth and string length. */
export const redactSecrets: Redactor = createRedactor();
