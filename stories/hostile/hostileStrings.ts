// The hostile-strings table: what an adversarial runtime (or a prompt-injected model) can put in
// any string field. The hostile stories push every row through every surface in Chromium.

const KB100 = 100_000;

/** Markup that would run script if any surface rendered runtime text as HTML or followed it as a URL. */
export const XSS_VECTORS = [
  '<img src=x onerror="window.__pwned=1">',
  '<script>window.__pwned=2</script>',
  '<svg onload="window.__pwned=3"></svg>',
  '<iframe srcdoc="<script>parent.__pwned=4</script>"></iframe>',
  '[click](javascript:window.__pwned=5)',
  '[tab](java\tscript:window.__pwned=6)',
  '[data](data:text/html,<script>parent.__pwned=7</script>)',
  '<a href="javascript:window.__pwned=8">x</a>',
  '![img](x" onerror="window.__pwned=9)',
  '<javascript:window.__pwned=10>',
  '"><img src=x onerror=window.__pwned=11>',
  "'><details open ontoggle=window.__pwned=12>",
  '{{constructor.constructor("window.__pwned=13")()}}',
] as const;

/**
 * Secrets as runtimes leak them: the value after `→` must never reach the screen. Each entry is
 * [label, the text that carries it, the secret part].
 */
export const SECRETS: ReadonlyArray<readonly [string, string, string]> = [
  ['bearer in a command', 'curl -H "Authorization: Bearer abcDEF123456ghiJKL789" https://api.example.com', 'abcDEF123456ghiJKL789'],
  ['token in a URL', 'https://api.example.com/v1?access_token=tok_9f8e7d6c5b4a3928&page=2', 'tok_9f8e7d6c5b4a3928'],
  ['DSN', 'postgres://admin:S3cretPassw0rd@db.internal:5432/app', 'S3cretPassw0rd'],
  ['GitHub token', 'git push https://ghp_1234567890abcdefghijABCDEFGHIJ123456@github.com/o/r', 'ghp_1234567890abcdefghijABCDEFGHIJ123456'],
  ['Slack token', 'SLACK=xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx', 'xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx'],
  ['OpenAI-style key', 'use sk-live-4f3c2b1a0987654321fedcba please', 'sk-live-4f3c2b1a0987654321fedcba'],
  ['AWS key id', 'export AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE', 'AKIAIOSFODNN7EXAMPLE'],
  ['password flag', 'mysql --password=hunter2hunter2 -u root', 'hunter2hunter2'],
  ['streamed password delta', '{"user":"ada","password":"correct horse batt', 'correct horse batt'],
  ['PEM key', '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA7bq\n-----END RSA PRIVATE KEY-----', 'MIIEowIBAAKCAQEA7bq'],
  // Issue 23 item 4: shapes that got through.
  ['curl -u', 'curl -u admin:Pa55w0rdX https://api.example.com', 'Pa55w0rdX'],
  ['mysql -p', 'mysql -u root -pS3cr3tMy db', 'S3cr3tMy'],
  ['sshpass -p', 'sshpass -p sshPlain42 scp f host:', 'sshPlain42'],
  ['Cookie header', 'Cookie: sessionid=9f8e7d6c5b4a; csrftoken=abc123xyz', '9f8e7d6c5b4a'],
  ['Slack webhook', 'https://hooks.slack.com/services/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', 'Qw3rTy7UiOp9AsDfGhJkLz1X'],
  ['Discord webhook', 'https://discord.com/api/webhooks/112233445566778899/aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789abcdefghij', 'aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789abcdefghij'],
  ['Azure AccountKey', 'DefaultEndpointsProtocol=https;AccountName=a;AccountKey=Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MA==;EndpointSuffix=x', 'Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MA'],
  ['Docker PAT', 'docker login -p dckr_pat_Ab3De6Gh9Jk2Mn5Pq8St1Vw4Yz7', 'dckr_pat_Ab3De6Gh9Jk2Mn5Pq8St1Vw4Yz7'],
  ['Docker config auth', '{"auths":{"r.example":{"auth":"dXNlcjpzM2NyM3RwYXNz"}}}', 'dXNlcjpzM2NyM3RwYXNz'],
  ['.npmrc _auth', '_auth=bnBtdXNlcjpucG1wYXNzd29yZA', 'bnBtdXNlcjpucG1wYXNzd29yZA'],
  ['DB_PASS', 'DB_PASS=db-pass-value-1', 'db-pass-value-1'],
  ['STRIPE_KEY', 'STRIPE_KEY=rk_plain_value_9', 'rk_plain_value_9'],
  ['argv as JSON', '["--password","jsonArgvSecret"]', 'jsonArgvSecret'],
  ['Vault token', 'hvs.CAESIJ4kP9sQx7Lm2Nv8Rt5Wy1Zb3Dc6Fg0Hj4Kl7Mn9Pq', 'hvs.CAESIJ4kP9sQx7Lm2Nv8Rt5Wy1Zb3Dc6Fg0Hj4Kl7Mn9Pq'],
  ['GitLab runner token', 'glrt-Xy7Zq3Wv9Ut5Sr1Pn4Mk8Lj2H', 'glrt-Xy7Zq3Wv9Ut5Sr1Pn4Mk8Lj2H'],
  ['Mailgun key', 'key-3ax6xnjp29jd6fds4gc373sgvjxteol0', 'key-3ax6xnjp29jd6fds4gc373sgvjxteol0'],
  ['Telegram bot token', 'bot123456789:AAHk3Lm9Np2Qr5St8Vw1Xy4Za7Bc0De3Fg6', '123456789:AAHk3Lm9Np2Qr5St8Vw1Xy4Za7Bc0De3Fg6'],
] as const;

export const BIDI = {
  /** Reads as `exe.txt` with the override shown as-is: a disguised executable. */
  filename: 'invoice\u202Etxt.exe',
  isolate: 'report\u2067evil\u2069.pdf',
  rlo: '\u202Eeurt = nimdAsi',
} as const;

export const LONG_WORD = 'A'.repeat(60_000);

/** 100 KB inputs where a naive markdown parser goes quadratic or worse. */
export const ADVERSARIAL_MARKDOWN: Record<string, string> = {
  backticks: '`'.repeat(KB100),
  'backtick pairs': '` `` '.repeat(KB100 / 5),
  'backtick lines': ('`'.repeat(79) + '\n').repeat(KB100 / 80),
  brackets: '['.repeat(KB100),
  'bracket links': '[a]('.repeat(KB100 / 4),
  'bracket paragraphs': ('['.repeat(1998) + '\n\n').repeat(KB100 / 2000),
  asterisks: '*'.repeat(KB100),
  'asterisk runs': '**a* '.repeat(KB100 / 5),
  underscores: '_a'.repeat(KB100 / 2),
  'underscore paragraphs': ('_a'.repeat(999) + '\n\n').repeat(KB100 / 2000),
  'nested quotes': '>'.repeat(KB100),
  'nested quote lines': Array.from({ length: 400 }, (_, i) => '> '.repeat(i % 100) + 'q').join('\n').padEnd(KB100, '>'),
  'nested lists': Array.from({ length: 2000 }, (_, i) => ' '.repeat((i % 40) * 2) + '- item').join('\n').slice(0, KB100),
  'list markers': '- '.repeat(KB100 / 2),
  'link definitions': '[a]: b\n'.repeat(KB100 / 7),
  'table pipes': '|'.repeat(KB100),
  'angle brackets': '<'.repeat(KB100),
  'long word': 'a'.repeat(KB100),
  // Issue 23 item 3: many tiny blocks (33k one-letter paragraphs; 8k three-line code blocks).
  'small paragraphs': 'a\n\n'.repeat(KB100 / 3),
  'tiny code blocks': '```\nx\n```\n\n'.repeat(KB100 / 12),
  // Issue 23 item 1: GFM pads each row to the header's width: 2.1 KB of table, 80,000 cells.
  'wide tables': wideTable().repeat(Math.floor(KB100 / wideTable().length)),
  // Issue 23 item 3: references and footnotes whose definitions are in other blocks.
  'references across blocks': referencesAcrossBlocks(KB100),
};

/** A 200-column header and 400 one-cell rows: about 2.1 KB that GFM pads to 80,200 cells. */
export function wideTable(): string {
  return `|${'a|'.repeat(200)}\n|${'-|'.repeat(200)}\n${'|x\n'.repeat(400)}\n`;
}

/** Paragraphs citing `[docs][dN]` and `[^nN]` whose definitions come at the end of the message. */
export function referencesAcrossBlocks(size: number): string {
  const body: string[] = [];
  const definitions: string[] = [];
  for (let i = 0; body.join('\n\n').length + definitions.join('\n').length < size - 200; i++) {
    body.push(`Point ${i}: see [the docs][d${i}] and the source[^n${i}] for details on step ${i}.`);
    definitions.push(`[d${i}]: https://example.com/docs/${i}`, `[^n${i}]: Source of point ${i}.`);
  }
  return `${body.join('\n\n')}\n\n${definitions.join('\n\n')}`;
}

/** A realistic 100 KB answer: headings, prose, lists, tables, code, quotes. */
export function realisticAnswer(size = KB100): string {
  const sections: string[] = [];
  for (let i = 0; sections.join('\n\n').length < size; i++) {
    sections.push(
      `## Step ${i + 1}: update \`module_${i}\``,
      `The refactor moves **state** handling into \`src/store/apply_${i}.ts\` so that _each_ reducer stays small. See [the docs](https://example.com/docs/${i}) and www.example.com for details; snake_case_names stay as written.`,
      `- read \`src/file_${i}.ts\`\n- update the tests\n  - unit\n  - e2e\n- [x] run the suite`,
      '```ts\n' + `export function reducer${i}(state: State, event: Event): State {\n  return { ...state, count: state.count + ${i} };\n}` + '\n```',
      `| file | lines | status |\n| --- | ---: | :-: |\n| a_${i}.ts | ${i * 3} | ok |\n| b_${i}.ts | ${i * 5} | ~~failed~~ ok |`,
      `> Note: step ${i} keeps the public API.`,
    );
  }
  return sections.join('\n\n').slice(0, size);
}

/** `unit` repeated into paragraphs of `block` characters, blank-line separated, up to 100 KB. */
function inParagraphs(unit: string, block = 11_900): string {
  const paragraph = unit.repeat(Math.ceil(block / unit.length)).slice(0, block).trimEnd();
  return (paragraph + '\n\n').repeat(Math.ceil(KB100 / (block + 2))).slice(0, KB100);
}

/**
 * 100 KB inputs in paragraphs just under the renderer's block size bound (12,000 characters), so
 * every paragraph is a block that may reach the parser: the worst case per block, where one
 * 100 KB run would be shown as plain text whole.
 */
export const ADVERSARIAL_MARKDOWN_BLOCKS: Record<string, string> = {
  'asterisk runs, 12 KB blocks': inParagraphs('**a* '),
  'brackets, 12 KB blocks': inParagraphs('['),
  'bracket links, 12 KB blocks': inParagraphs('[a]('),
  'backtick pairs, 12 KB blocks': inParagraphs('` `` '),
  'underscores, 12 KB blocks': inParagraphs('_a'),
  'angle brackets, 12 KB blocks': inParagraphs('<'),
  'link definitions, 12 KB blocks': inParagraphs('[a]: b\n'),
  'nested lists 20 deep, 12 KB blocks': inParagraphs(Array.from({ length: 20 }, (_, i) => ' '.repeat(i * 2) + '- item').join('\n') + '\n'),
  'nested quotes 20 deep, 12 KB blocks': inParagraphs(Array.from({ length: 20 }, (_, i) => '> '.repeat(i + 1) + 'q').join('\n') + '\n'),
};
