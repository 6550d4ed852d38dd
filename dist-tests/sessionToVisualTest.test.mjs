// A session a user saw becomes a regression test, in a product team's own app (issue 26): a
// fixture is served as a live runtime (`agentui serve`), recorded (`agentui record`), turned into
// a story and a visual test (`agentui story`) in a Vite + Storybook + Playwright app outside the
// repository that installed the packed kit; its visual test passes against the baseline it took,
// and fails once the app changes a label the session shows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { chromiumLaunchOptions } from '../scripts/pinned-chromium.mjs';
import { installPackedKit, root, scratchDir } from '../scripts/packed-app.mjs';

const modules = join(root, 'node_modules');
const STORYBOOK = join(modules, 'storybook', 'dist', 'bin', 'dispatcher.js');
const PLAYWRIGHT = join(modules, '@playwright', 'test', 'cli.js');
const VITE = join(modules, 'vite', 'bin', 'vite.js');

/** A port nothing listens on now. */
function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The app a product team has: the Vite react-ts template, the kit, Storybook with its labels, Playwright against the Storybook build. */
function productApp(previewPort) {
  const app = scratchDir('agentui-product-app-');
  cpSync(join(modules, 'create-vite', 'template-react-ts'), app, { recursive: true });
  renameSync(join(app, '_gitignore'), join(app, '.gitignore'));
  installPackedKit(app);
  writeFileSync(join(app, 'src', 'labels.ts'), "import type { Labels } from 'agentui-kit';\n\nexport const labels: Labels = { 'status.completed': 'Done' };\n");
  mkdirSync(join(app, '.storybook'));
  writeFileSync(
    join(app, '.storybook', 'main.ts'),
    `import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: ['../src/**/*.stories.@(ts|tsx)'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
};
export default config;
`,
  );
  writeFileSync(
    join(app, '.storybook', 'preview.tsx'),
    `import type { Preview } from '@storybook/react-vite';
import { RuntimeProvider } from 'agentui-kit';
import { labels } from '../src/labels';

// The app's own labels for every story, as the app's RuntimeProvider gives them.
const preview: Preview = {
  decorators: [(Story) => (<RuntimeProvider labels={labels}><Story /></RuntimeProvider>)],
};
export default preview;
`,
  );
  const launch = chromiumLaunchOptions();
  writeFileSync(
    join(app, 'playwright.config.ts'),
    `import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'tests',
  workers: 1,
  use: { baseURL: 'http://127.0.0.1:${previewPort}', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, launchOptions: ${JSON.stringify(launch)} },
  expect: { toHaveScreenshot: { maxDiffPixels: 0 } },
  webServer: {
    command: ${JSON.stringify(`node ${VITE} preview --outDir storybook-static --host 127.0.0.1 --port ${previewPort} --strictPort`)},
    url: 'http://127.0.0.1:${previewPort}/index.json',
    reuseExistingServer: false,
  },
});
`,
  );
  return app;
}

const run = (cmd, args, cwd) => spawnSync(process.execPath, [cmd, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', CI: '1' } });
const agentui = (app, ...args) => run(join(app, 'node_modules', 'agentui-kit', 'bin', 'agentui.js'), args, app);
const buildStorybook = (app) => run(STORYBOOK, ['build', '--quiet', '--output-dir', 'storybook-static'], app);
const playwright = (app, ...args) => run(PLAYWRIGHT, ['test', '--reporter=line', ...args], app);

test('record a served session, add it as a story and a visual test in an app outside the repository: green, then red after a label change', { timeout: 240_000 }, async () => {
  const app = productApp(await freePort());

  // A runtime streaming a session over SSE: the fixture server, as `agentui serve` runs it.
  const server = spawn(process.execPath, [join(app, 'node_modules/agentui-kit/bin/agentui.js'), 'serve', join(root, 'fixtures/tool-success.jsonl'), '--port', '0', '--speed', '20'], { stdio: ['ignore', 'pipe', 'inherit'] });
  let served;
  try {
    served = await new Promise((resolve, reject) => {
      let out = '';
      server.stdout.on('data', (chunk) => {
        out += chunk;
        const match = /at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        const token = /write token: (\S+)/.exec(out);
        if (match && token) resolve({ base: match[1], token: token[1] });
      });
      server.once('exit', (code) => reject(new Error(`agentui serve exited ${code}`)));
    });
    // The served stream is for holders of the token it printed, as a product runtime's would be.
    const recorded = agentui(app, 'record', `${served.base}/events`, '--header', `Authorization: Bearer ${served.token}`, '--out', 'checkout.jsonl');
    assert.equal(recorded.status, 0, recorded.stderr);
    assert.match(recorded.stdout, /^recorded 16 event\(s\) \(sequence 1–16\) to checkout\.jsonl: the turn ended$/m);
  } finally {
    server.kill();
  }

  const story = agentui(app, 'story', 'checkout.jsonl');
  assert.equal(story.status, 0, story.stderr);
  assert.match(story.stdout, /added the recorded session checkout \(16 events, status completed\)/);
  for (const file of ['src/sessions/checkout.jsonl', 'src/sessions/checkout.stories.tsx', 'tests/checkout.visual.spec.ts']) assert.ok(existsSync(join(app, file)), `${file} was not written`);

  const built = buildStorybook(app);
  assert.equal(built.status, 0, built.stdout + built.stderr);
  const index = JSON.parse(readFileSync(join(app, 'storybook-static', 'index.json'), 'utf8'));
  assert.deepEqual(Object.keys(index.entries).filter((id) => id.startsWith('sessions-checkout--')).sort(), ['sessions-checkout--final-state', 'sessions-checkout--playback']);

  // First run: the baseline is taken (what the team reviews and commits); second run: green against it.
  const first = playwright(app, '--update-snapshots=missing');
  assert.equal(first.status, 0, first.stdout + first.stderr);
  const baselines = readdirSync(join(app, 'tests'), { recursive: true }).map(String).filter((f) => f.endsWith('.png'));
  assert.equal(baselines.length, 1, `baselines: ${baselines.join(', ')}`);
  const green = playwright(app);
  assert.equal(green.status, 0, green.stdout + green.stderr);

  // The app renames a label the session shows: the visual test sees it.
  writeFileSync(join(app, 'src', 'labels.ts'), "import type { Labels } from 'agentui-kit';\n\nexport const labels: Labels = { 'status.completed': 'Finished' };\n");
  const rebuilt = buildStorybook(app);
  assert.equal(rebuilt.status, 0, rebuilt.stdout + rebuilt.stderr);
  const red = playwright(app);
  assert.equal(red.status, 1, red.stdout + red.stderr);
  assert.match(red.stdout, /toHaveScreenshot\(expected\) failed/);
  assert.match(red.stdout, /\d+ pixels \(ratio [\d.]+ of all image pixels\) are different/);
});
