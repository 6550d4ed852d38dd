import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './scripts/pinned-chromium.mjs';

// AGENTUI_E2E_PORT lets parallel checkouts on one machine run their suites side by side.
const PORT = Number(process.env.AGENTUI_E2E_PORT ?? 6008);

// Visual, behaviour and accessibility tests against the static Storybook build, in the project's
// pinned Chromium (scripts/pinned-chromium.mjs), fixed viewport and scale, animations off: screenshots are pixel-stable.
// Two workers (one browser each), tests spread across both: on a 2-core machine the suite's 450 s of
// test time take about 230 s. Tests that only open stories share a page per worker (e2e/storyPage.ts),
// where a story opens by a switch in the loaded preview (e2e/stories.ts `openStory`).
// A file whose tests share a server or a build opts out (`test.describe.configure({ mode: 'default' })`).
// AGENTUI_E2E_WORKERS=1 runs it serially.
export default defineConfig({
  testDir: 'e2e',
  workers: Number(process.env.AGENTUI_E2E_WORKERS ?? 2),
  fullyParallel: true,
  retries: 0,
  timeout: 60_000,
  reporter: process.env.CI ? [['list'], ['line']] : 'list',
  snapshotPathTemplate: '{testDir}/__screenshots__/{testFileName}/{arg}{ext}',
  // How long an assertion waits for its state: a limit reached only on failure, generous for a loaded machine.
  expect: { timeout: 20_000, toHaveScreenshot: { maxDiffPixels: 0, animations: 'disabled', caret: 'hide', scale: 'css' } },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1280, height: 800 },
    deviceScaleFactor: 1,
    reducedMotion: 'reduce',
    colorScheme: 'light',
    launchOptions: chromiumLaunchOptions(),
  },
  webServer: {
    command: `npx vite preview --outDir storybook-static --host 127.0.0.1 --port ${PORT} --strictPort`,
    url: `http://127.0.0.1:${PORT}/index.json`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
