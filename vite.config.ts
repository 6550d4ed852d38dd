import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { builtinModules } from 'node:module';

// Library build: ESM entries for the whole kit, the headless core and the CLI. Peers and runtime
// dependencies stay external so the app's bundler dedupes them (and tree-shakes what is unused).
const external = [
  /^react($|\/)/,
  /^react-dom($|\/)/,
  /^zustand($|\/)/,
  /^@tanstack\//,
  /^radix-ui($|\/)/,
  /^@radix-ui\//,
  /^node:/,
  ...builtinModules,
];

export default defineConfig({
  plugins: [react()],
  root: process.env.VITE_ROOT,
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    lib: {
      entry: { index: 'src/index.ts', headless: 'src/headless.ts', cli: 'src/cli/main.ts', server: 'src/server/fixtureServer.ts' },
      formats: ['es'],
    },
    rollupOptions: { external },
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    environment: 'node',
    globals: true,
    testTimeout: 30_000,
  },
});
