import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

// The app imports agentui-kit's public entry points only. Here they resolve to the kit built in
// this repository (`npm run build`); an app of your own installs agentui-kit and drops the aliases.
const dist = (file: string) => fileURLToPath(new URL(`../../dist/${file}`, import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^agentui-kit\/styles\.css$/, replacement: dist('styles.css') },
      { find: /^agentui-kit\/adapters\/ai-sdk$/, replacement: dist('adapters/ai-sdk.js') },
      { find: /^agentui-kit\/server$/, replacement: dist('server.js') },
      { find: /^agentui-kit$/, replacement: dist('index.js') },
    ],
  },
  // es2022: the app reads the runtime's capabilities with a top-level await before it renders.
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
  server: { proxy: { '/api': 'http://127.0.0.1:6107' } },
});
