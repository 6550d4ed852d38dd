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

/**
 * Keeps Storybook's highlight overlay from starting in a bench page. Once a story renders, it
 * watches the story root with a MutationObserver and, on every DOM change, walks every element of
 * the page with getComputedStyle (a forced style recalculation): streaming the coding session at
 * 10,000 events/s, that was 45% of the main thread's long-task time, charged to every system
 * measured (the kit, the previous release and the peers alike). Call before `page.goto`.
 */
export function quietStorybook(page) {
  return page.addInitScript(() => {
    globalThis.__STORYBOOK_HIGHLIGHT_INITIALIZED = true;
  });
}
