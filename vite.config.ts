import { configDefaults, defineConfig } from 'vitest/config';
import type { Plugin } from 'vite';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { builtinModules } from 'node:module';
import { availableParallelism } from 'node:os';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { chromiumLaunchOptions } from './scripts/pinned-chromium.mjs';
import { unitTestFiles } from './scripts/unitTestFiles.mjs';

// Library build: ESM entries for the whole kit, the headless core, the CLI and the fixture server,
// unminified with one output file per source module, so an app's bundler keeps only what it
// imports (FactBadge alone does not pull Conversation, Radix or the virtualizer).
// Peers and runtime dependencies stay external so the app's bundler dedupes and tree-shakes them.
const external = [
  /^react($|\/)/,
  /^react-dom($|\/)/,
  /^zustand($|\/)/,
  /^@tanstack\//,
  /^markdown-it($|\/)/,
  /^refractor($|\/)/,
  /^node:/,
  ...builtinModules,
  // Framework adapters' optional peers: the app installs the framework it uses.
  /^ai($|\/)/,
  /^@ai-sdk\//,
  /^@ag-ui\//,
  // LangGraph and LangChain core, deep imports included (`@langchain/langgraph/web`, `@langchain/core/messages`).
  /^@langchain\//,
  /^@modelcontextprotocol\//,
  /^@openai\/agents($|-|\/)/,
  /^@playwright\//,
];

/**
 * lucide's icon files are built into the kit (one file each, as lucide ships them, its license
 * comment kept) with the kit's own icon base in place of lucide-react's `createLucideIcon`: the
 * same SVG for what the kit passes (src/components/icon/createLucideIcon.test.tsx), without
 * lucide-react's context, attribute builder and helpers (1.2 KB gzip, a fifth of a FactBadge).
 */
function lucideIconBase(): Plugin {
  const base = fileURLToPath(new URL('./src/components/icon/createLucideIcon.ts', import.meta.url));
  return {
    name: 'agentui:lucide-icon-base',
    enforce: 'pre',
    apply: 'build',
    resolveId(source, importer) {
      if (source === '../createLucideIcon.mjs' && importer && /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/.test(importer)) return base;
      return null;
    },
    generateBundle() {
      // The icons' license beside them (each file's banner points to it).
      const license = readFileSync(fileURLToPath(new URL('./node_modules/lucide-react/LICENSE', import.meta.url)), 'utf8');
      this.emitFile({ type: 'asset', fileName: 'vendor/lucide-react/LICENSE', source: license });
    },
  };
}

/** Modules that need a client (React state, context or hooks): components and hooks, not their plain helpers. */
export function isClientModule(id: string): boolean {
  const match = /\/src\/(?:ui|hooks|components)\/([^/]+)\.tsx?$/.exec(id.replace(/\\/g, '/'));
  return match !== null && /^(?:[A-Z]|use[A-Z])/.test(match[1]!);
}

const UNIT_FILES = ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'];
const UNIT_SPLIT = unitTestFiles(fileURLToPath(new URL('.', import.meta.url)));
/** Unit test files that mock a module, stub a global or fake timers: each runs with modules of its own. */
const ISOLATED_UNIT_FILES = UNIT_SPLIT.isolated;
/** Unit test files in jsdom that share their worker's modules: a project of their own (see scripts/unitTestFiles.mjs). */
const SHARED_JSDOM_FILES = UNIT_SPLIT.jsdom.filter((file) => !ISOLATED_UNIT_FILES.includes(file));
/** What the unit projects share. */
const unit = {
  environment: 'node' as const,
  globals: true,
  // Prints one line when the optional public-profile cross-check (test/referenceProfile.test.ts) cannot run.
  globalSetup: ['test/referenceNote.ts'],
  setupFiles: ['test/waitBounds.ts'],
  // A hang bound, reached only on failure: axe over a long session in jsdom took 38 s beside
  // the browser suites and two busy loops (5.7 s on a quiet machine, 16 s beside the loops alone).
  testTimeout: 120_000,
  // Vitest's default is one worker fewer than the cores, one worker on a 2-core machine: the
  // suite then ran on one core (5 min 17 s there; 3 min 21 s with both). Its main process only
  // collects results while the workers run.
  maxWorkers: availableParallelism(),
};

export default defineConfig({
  plugins: [react(), lucideIconBase()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Unminified, one file per source module, with the source's comments and names: a debugger shows
    // the kit as written, so source maps would only double the tarball (they were 61% of it).
    sourcemap: false,
    minify: false,
    target: 'es2022',
    lib: {
      entry: { index: 'src/index.ts', headless: 'src/headless.ts', cli: 'src/cli/main.ts', server: 'src/server/index.ts', 'adapters/ai-sdk': 'src/adapters/ai-sdk/index.ts', 'adapters/ag-ui': 'src/adapters/ag-ui/index.ts', 'adapters/langgraph': 'src/adapters/langgraph/index.ts', 'adapters/mcp': 'src/adapters/mcp/index.ts', 'adapters/openai-agents': 'src/adapters/openai-agents/index.ts', storybook: 'src/storybook.ts', playwright: 'src/playwright.ts', inspector: 'src/inspector.ts' },
      formats: ['es'],
    },
    rollupOptions: {
      external,
      output: {
        preserveModules: true,
        preserveModulesRoot: 'src',
        // Modules built in from a dependency (lucide's icon files) go under vendor/: a package's
        // nested node_modules folders are left out of its tarball.
        entryFileNames: (chunk) => `${chunk.name.replace(/^(?:.*\/)?node_modules\/lucide-react\/dist\/esm\//, 'vendor/lucide-react/')}.js`,
        // React Server Components: hooks and components are client modules. Bundlers drop module
        // directives, so the directive is written back on each client module's own output file.
        banner: (chunk) => (chunk.facadeModuleId && isClientModule(chunk.facadeModuleId) ? "'use client';" : ''),
      },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          ...unit,
          include: UNIT_FILES,
          exclude: [...configDefaults.exclude, ...ISOLATED_UNIT_FILES, ...SHARED_JSDOM_FILES],
          // Files share their worker's modules (no fresh fork per file: 260 s of the unit run became
          // 170 s on 2 cores); a file that changes what later files would see runs in 'unit-isolated'.
          isolate: false,
        },
      },
      {
        extends: true,
        // The same, in jsdom: a worker serves one environment, so node and jsdom files in one
        // project made a new worker at each switch between them.
        test: { name: 'unit-dom', ...unit, environment: 'jsdom', include: SHARED_JSDOM_FILES, isolate: false },
      },
      {
        extends: true,
        test: { name: 'unit-isolated', ...unit, include: ISOLATED_UNIT_FILES },
      },
      {
        extends: true,
        // Every story becomes a test in Chromium: it must render, its play function must pass,
        // and axe (addon-a11y, parameters.a11y.test = 'error') must find no violation.
        plugins: [storybookTest({ configDir: '.storybook', tags: { exclude: ['no-test'] } })],
        test: {
          name: 'storybook',
          // The lab scenes are driven by Playwright (window hooks, a live server), not run as story tests.
          // So are the fixture stories, each opened there once it has loaded all its events: every
          // final state in both themes with axe (light also at 400 px), every playback story at both
          // widths, axe over the player on the fixtures that cover it, with an error thrown in the
          // page failing the test (e2e/storySweep.spec.ts, e2e/a11y.spec.ts, e2e/design.spec.ts).
          // As story tests they were half of this run (170 s with them, 84 s without, on 2 cores).
          exclude: ['stories/behaviour/Lab.stories.tsx', 'stories/behaviour/Bench.stories.tsx', 'stories/fixtures/**'],
          // A hang bound, reached only on failure: the adversarial markdown stories render 100 KB inputs
          // twice per shape (19 s for the file on a quiet machine, 38 s beside the unit run and two busy loops).
          testTimeout: 120_000,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: chromiumLaunchOptions() }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
