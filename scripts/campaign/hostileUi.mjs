// Issue 23 items 1, 3 and 4 as campaign rows, against the built kit (dist/): the padded table, many
// small blocks, references across blocks, the redaction shapes the second campaign found. The
// browser-side vectors of items 5-7 (lane counts, focus while typing, SSR under a strict CSP) run
// in npm test: src/components/laneScaling.test.tsx, focusWhileTyping.test.tsx, e2e/ssr-csp.spec.ts.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Runs the rows; `record(item, name, expected, observed, figure, pass)` as the campaign's. */
export async function hostileUiRows(root, record) {
  const dist = (path) => import(pathToFileURL(join(root, 'dist', path)).href);
  const { splitBlocks, MAX_TABLE_CELLS } = await dist('components/markdown/splitBlocks.js');
  const { redactSecrets } = await dist('protocol/redactSecrets.js');

  // Item 1: 2.1 KB of table GFM pads to 80,200 cells (80,608 elements in one 600 ms task before).
  const table = `|${'a|'.repeat(200)}\n|${'-|'.repeat(200)}\n${'|x\n'.repeat(400)}`;
  const [block] = splitBlocks(table).blocks;
  record('23.1', `padded table (${(table.length / 1024).toFixed(1)} KB, 200 x 401 cells)`, 'text with Show table, not parsed', `${block.kind}${block.reason ? ` (${block.reason})` : ''}`, `cap ${MAX_TABLE_CELLS} cells`, block.kind === 'text' && block.reason === 'table');
  const many = `${table}\n`.repeat(45);
  const started = performance.now();
  const split = splitBlocks(many);
  record('23.1', `${(many.length / 1024).toFixed(0)} KB of such tables`, 'every table text (cells capped), split linear', `${split.blocks.filter((b) => b.kind === 'text' && b.reason === 'table').length}/${split.blocks.length} tables as text`, `${Math.round(performance.now() - started)} ms to split`, split.blocks.length === 45 && split.blocks.every((b) => b.kind === 'text' && b.reason === 'table'));

  // Item 3: 33k one-letter paragraphs are a few hundred units, not 33k parses.
  const paragraphs = 'a\n\n'.repeat(33_333);
  const units = splitBlocks(paragraphs).units.length;
  record('23.3', '33,333 small paragraphs', 'grouped into units (one parse and placeholder each)', `${units} units`, `${Math.round(33_333 / units)} paragraphs per unit`, units < 1_000);
  // Item 3: a reference whose definition is in another block resolves (it was literal text).
  const refs = `See [the docs][d] and note[^1].\n\n${'Filler paragraph. '.repeat(400)}\n\n[d]: https://example.com/docs\n\n[^1]: The source.`;
  const { definitions } = splitBlocks(refs);
  const resolved = definitions.link('d')?.href === 'https://example.com/docs' && definitions.footnoteNumber('1') === 1;
  record('23.3', 'reference link and footnote defined in another block', 'resolved', resolved ? 'resolved' : 'not resolved', `${splitBlocks(refs).units.length} units`, resolved);

  // Item 4: the shapes that got through, the straddling key, and env: "prod".
  const shapes = [
    ['curl -u', 'curl -u admin:Pa55w0rdX https://x', 'Pa55w0rdX'],
    ['mysql -p', 'mysql -u root -pS3cr3tMy db', 'S3cr3tMy'],
    ['sshpass -p', 'sshpass -p sshPlain42 ssh h', 'sshPlain42'],
    ['Cookie', 'Cookie: sid=9f8e7d6c5b4a', '9f8e7d6c5b4a'],
    ['Set-Cookie', 'Set-Cookie: auth=Zm9vYmFyYmF6; Path=/', 'Zm9vYmFyYmF6'],
    ['Slack webhook', 'https://hooks.slack.com/services/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', 'Qw3rTy7UiOp9AsDfGhJkLz1X'],
    ['Discord webhook', 'https://discord.com/api/webhooks/1122334455/aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789', 'aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789'],
    ['Azure AccountKey', 'AccountName=a;AccountKey=Zm9vYmFyYmF6cXV4MTIz==;', 'Zm9vYmFyYmF6cXV4MTIz'],
    ['Docker PAT', 'dckr_pat_Ab3De6Gh9Jk2Mn5Pq8St1Vw4Yz7', 'dckr_pat_Ab3De6Gh9Jk2Mn5Pq8St1Vw4Yz7'],
    ['Docker config auth', '{"auth":"dXNlcjpzM2NyM3Q="}', 'dXNlcjpzM2NyM3Q='],
    ['.npmrc _auth', '_auth=bnBtdXNlcjpucG1wYXNz', 'bnBtdXNlcjpucG1wYXNz'],
    ['DB_PASS', 'DB_PASS=db-pass-value-1', 'db-pass-value-1'],
    ['STRIPE_KEY', 'STRIPE_KEY=rk_plain_value_9', 'rk_plain_value_9'],
    ['argv array', { argv: ['--password', 'argv-secret-1'] }, 'argv-secret-1'],
    ['lowercase accesstoken key', { accesstoken: 'lc-at-value' }, 'lc-at-value'],
    ['lowercase clientsecret key', { clientsecret: 'lc-cs-value' }, 'lc-cs-value'],
    ['Vault hvs.', 'hvs.CAESIJ4kP9sQx7Lm2Nv8Rt5Wy1Zb3Dc6Fg0Hj', 'hvs.CAESIJ4kP9sQx7Lm2Nv8Rt5Wy1Zb3Dc6Fg0Hj'],
    ['GitLab glrt-', 'glrt-Xy7Zq3Wv9Ut5Sr1Pn4Mk8Lj2H', 'glrt-Xy7Zq3Wv9Ut5Sr1Pn4Mk8Lj2H'],
    ['Mailgun key-', 'key-3ax6xnjp29jd6fds4gc373sgvjxteol0', 'key-3ax6xnjp29jd6fds4gc373sgvjxteol0'],
    ['Telegram bot token', 'bot123456789:AAHk3Lm9Np2Qr5St8Vw1Xy4Za7Bc0De3Fg6', '123456789:AAHk3Lm9Np2Qr5St8Vw1Xy4Za7Bc0De3Fg6'],
    ['key straddling the 4,000 cut', `${'x'.repeat(3_984)} ghp_${'A1b2C3d4'.repeat(5)}`, 'ghp_A1b2C3'],
  ];
  const leaked = shapes.filter(([, value, secret]) => JSON.stringify(redactSecrets(value)).includes(secret)).map(([name]) => name);
  record('23.4', `${shapes.length} shapes that got through`, 'none survives', leaked.length === 0 ? 'none survives' : `leaked: ${leaked.join(', ')}`, `${shapes.length - leaked.length}/${shapes.length} redacted`, leaked.length === 0);
  const plain = [{ env: 'prod' }, { env: 'staging-eu' }, { command: 'mkdir -p build' }, 'PASSWORD_MIN_LENGTH is 12 characters'];
  const changed = plain.filter((value) => JSON.stringify(redactSecrets(value)) !== JSON.stringify(value));
  record('23.4', 'env: "prod" and other ordinary values', 'unchanged', changed.length === 0 ? 'unchanged' : `changed: ${changed.map((v) => JSON.stringify(v)).join(', ')}`, `${plain.length - changed.length}/${plain.length} unchanged`, changed.length === 0);
}
