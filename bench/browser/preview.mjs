// A static Storybook build served by `vite preview` for a browser benchmark; stopped on exit.
import { spawn } from 'node:child_process';

/** Serves `dir` on 127.0.0.1:`port`, resolves once its index answers; returns a stop function. */
export async function servePreview(dir, port) {
  const server = spawn('npx', ['vite', 'preview', '--outDir', dir, '--host', '127.0.0.1', '--port', String(port), '--strictPort'], { stdio: 'ignore', detached: true });
  const stop = () => {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {}
  };
  process.on('exit', stop);
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/index.json`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  return stop;
}
