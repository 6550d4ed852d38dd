// Tree-shaking as an app's bundler sees it: a Vite build of a consumer that imports only FactBadge
// keeps the kit's share under budget and pulls in neither the conversation, the virtualizer nor
// Radix Dialog/Tabs. React stays external (the app has it anyway); the kit's own dependencies count.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { packedConsumer } from './consumer.mjs';

/**
 * Budgets in gzip bytes. Measured 2026-11: kit share ~2.6 KB, then 4.4 KB once every status, category
 * and kind got a plain-language label (issue 15 item 4: the one labels table FactBadge reads its words
 * from), 6.4 KB once diagnostics, timeline events, tool activities, artifact actions and number
 * formats got theirs (issue 24 items 6 and 8). Issue 25 item 3: the badge reads only its own labels,
 * redacts its reason and has the kit's tooltip (no Radix Tooltip): 5.3 KB, nothing else; the design's
 * lucide icons (icon base and the eight state icons) add ~2.5 KB.
 */
const BADGE_KIT_BUDGET = 8 * 1024;
const BADGE_TOTAL_BUDGET = 8 * 1024;

async function bundle(dir, code) {
  writeFileSync(join(dir, 'entry.js'), code);
  const result = await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    build: { write: false, minify: true, lib: { entry: join(dir, 'entry.js'), formats: ['es'], fileName: 'app' }, rollupOptions: { external: [/^react($|\/)/, /^react-dom($|\/)/] } },
  });
  const chunks = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output).filter((c) => c.type === 'chunk');
  const modules = chunks.flatMap((c) => Object.entries(c.modules));
  const kit = modules.filter(([id]) => id.includes('/agentui-kit/'));
  return {
    gzip: gzipSync(chunks.map((c) => c.code).join('\n')).length,
    kitGzip: gzipSync(kit.map(([, m]) => m.code ?? '').join('\n')).length,
    ids: modules.map(([id]) => id),
  };
}

test('a consumer importing only FactBadge stays within the budget and leaves the rest of the kit out', async () => {
  const { dir } = packedConsumer();
  const badge = await bundle(dir, "import { FactBadge } from 'agentui-kit';\nexport default FactBadge;\n");
  const whole = await bundle(dir, "import * as kit from 'agentui-kit';\nexport default kit;\n");
  console.log(`FactBadge only: ${(badge.gzip / 1024).toFixed(1)} KB gzip (kit's own modules ${(badge.kitGzip / 1024).toFixed(1)} KB); whole kit: ${(whole.gzip / 1024).toFixed(1)} KB gzip`);
  assert.ok(badge.kitGzip <= BADGE_KIT_BUDGET, `kit share ${badge.kitGzip} B > ${BADGE_KIT_BUDGET} B`);
  assert.ok(badge.gzip <= BADGE_TOTAL_BUDGET, `badge bundle ${badge.gzip} B > ${BADGE_TOTAL_BUDGET} B`);
  for (const absent of ['Conversation', 'Composer', 'ProcessTimeline', 'react-virtual', 'virtual-core', 'react-dialog', 'react-tabs', 'store/apply']) {
    assert.ok(!badge.ids.some((id) => id.includes(absent)), `${absent} came along with FactBadge`);
  }
  assert.ok(whole.gzip > badge.gzip * 2, 'the whole kit is much larger than the badge alone');
});
