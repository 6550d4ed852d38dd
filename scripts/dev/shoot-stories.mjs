// Screenshots of many stories in one browser, for looking at a change as a person would:
//   node scripts/dev/shoot-stories.mjs <port> <outDir> <id[@width[xheight]][:theme][:locale]>...
// Serve storybook-static on <port> first. Prints, per shot, the document's height against the
// viewport's and any page error, so a page taller than its window shows up in the log too.
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright';
import { chromiumLaunchOptions } from '../pinned-chromium.mjs';

const [, , port, out, ...specs] = process.argv;
mkdirSync(out, { recursive: true });
const browser = await chromium.launch(chromiumLaunchOptions());
for (const spec of specs) {
  const [idSize, theme = 'light', locale = 'en'] = spec.split(':');
  const [id, size = '1280'] = idSize.split('@');
  const [w, h = '800'] = size.split('x');
  const page = await browser.newPage({ viewport: { width: Number(w), height: Number(h) }, deviceScaleFactor: 1, reducedMotion: 'reduce' });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text().slice(0, 200)));
  await page.goto(`http://127.0.0.1:${port}/iframe.html?id=${id}&viewMode=story&globals=theme:${theme};locale:${locale}`);
  await page.waitForSelector('#storybook-root > *', { timeout: 20000 }).catch(() => errors.push('no root'));
  await page.waitForFunction(() => document.querySelector('[data-history="loading"]') === null, null, { timeout: 20000 }).catch(() => errors.push('still loading'));
  await page.waitForTimeout(700);
  const dims = await page.evaluate(() => ({ doc: document.documentElement.scrollHeight, docW: document.documentElement.scrollWidth, vh: innerHeight, vw: innerWidth }));
  const file = `${out}/${id}-${w}-${theme}${locale === 'en' ? '' : `-${locale}`}.png`;
  await page.screenshot({ path: file, fullPage: false });
  console.log(file, `doc ${dims.docW}x${dims.doc} in ${dims.vw}x${dims.vh}`, errors.length ? errors.slice(0, 3) : '');
  await page.close();
}
await browser.close();
