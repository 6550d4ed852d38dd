// The page the markdown benchmark drives in Chromium (bench/markdown/run.mjs bundles it with esbuild,
// `@kit` pointing at the tree under test, so the same page measures main's renderer and this one).
import { createElement, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import ReactMarkdown from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import { Streamdown } from 'streamdown';
import { Markdown } from '@kit/components/Markdown';
import { splitBlocks } from '@kit/components/markdown/splitBlocks';
import { ADVERSARIAL_MARKDOWN, ADVERSARIAL_MARKDOWN_BLOCKS, realisticAnswer } from '../../stories/hostile/hostileStrings';

type Lib = 'kit' | 'react-markdown' | 'streamdown';
const RENDERERS: Record<Lib, (text: string) => ReactNode> = {
  kit: (text) => createElement(Markdown, { text }),
  'react-markdown': (text) => createElement(ReactMarkdown, { remarkPlugins: [remarkGfm], rehypePlugins: [rehypeSanitize] }, text),
  streamdown: (text) => createElement(Streamdown, { mode: 'streaming' }, text),
};

const longTasks: { start: number; duration: number }[] = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) longTasks.push({ start: e.startTime, duration: e.duration });
}).observe({ type: 'longtask' });

function mount(): { root: Root; box: HTMLElement } {
  const box = document.createElement('div');
  box.className = 'aui-root';
  box.style.cssText = 'width: 720px; height: 800px; overflow: auto';
  document.body.append(box);
  return { root: createRoot(box), box };
}
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const longestSince = (t0: number) => Math.max(0, ...longTasks.filter((t) => t.start >= t0 - 1).map((t) => t.duration));

/** First commit (render + forced layout), then the time until no block waits for its markup, and the longest task meanwhile. */
async function renderOnce(lib: Lib, text: string) {
  const { root, box } = mount();
  await pause(50);
  const t0 = performance.now();
  flushSync(() => root.render(RENDERERS[lib](text)));
  const renderMs = performance.now() - t0;
  void box.getBoundingClientRect().height;
  const commitMs = performance.now() - t0;
  // The first frame after the commit: what layout the forced one skipped (off-screen text) is done by then.
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  const firstFrameMs = performance.now() - t0;
  while (box.querySelector('.aui-markdown__pending')) await pause(20);
  const settledMs = performance.now() - t0;
  await pause(120); // long task entries arrive after the task
  const r = { commitMs, renderMs, firstFrameMs, settledMs, longestTaskMs: longestSince(t0), pendingAtCommit: 0, chars: box.textContent!.length };
  root.unmount();
  box.remove();
  return r;
}

/** Streams `text` in `delta`-character steps over [from, to), each step committed; returns the sum and the slowest step. */
async function streamWindow(lib: Lib, text: string, from: number, to: number, delta = 8) {
  const { root, box } = mount();
  if (from > 0) flushSync(() => root.render(RENDERERS[lib](text.slice(0, from))));
  while (box.querySelector('.aui-markdown__pending')) await pause(20);
  await pause(50);
  const t0 = performance.now();
  let total = 0;
  let slowest = 0;
  let steps = 0;
  for (let end = from + delta; end <= to; end += delta) {
    const s = performance.now();
    flushSync(() => root.render(RENDERERS[lib](text.slice(0, end))));
    const ms = performance.now() - s;
    total += ms;
    slowest = Math.max(slowest, ms);
    steps += 1;
    // Yield now and then so idle work and long-task entries happen as they would between network chunks.
    if (steps % 32 === 0) await pause(0);
  }
  await pause(120);
  const r = { totalMs: total, slowestStepMs: slowest, steps, longestTaskMs: longestSince(t0) };
  root.unmount();
  box.remove();
  return r;
}

/** What a renderer puts on screen for hostile input: elements and URLs a page must never get. */
function safety(lib: Lib) {
  const hostile = [
    '<script>window.__pwned = 1</script>',
    '<img src="x" onerror="window.__pwned = 2">',
    '<a href="javascript:window.__pwned=3">raw html link</a>',
    '[js link](javascript:window.__pwned=4) [data link](data:text/html,<script>alert(1)</script>) [vb](vbscript:msgbox(1)) [tab](java\tscript:alert(1))',
    '![data image](data:image/svg+xml,<svg onload="alert(1)"/>) ![remote](https://tracker.example/pixel.png)',
    '<iframe src="https://example.com"></iframe><style>body{display:none}</style>',
  ].join('\n\n');
  const { root, box } = mount();
  flushSync(() => root.render(RENDERERS[lib](hostile)));
  const urls = [...box.querySelectorAll('[href], [src]')].map((el) => el.getAttribute('href') ?? el.getAttribute('src') ?? '');
  const r = {
    rawHtmlElements: box.querySelectorAll('script, iframe, style, object, embed').length,
    eventHandlerAttributes: [...box.querySelectorAll('*')].filter((el) => [...el.attributes].some((a) => a.name.startsWith('on'))).length,
    dangerousUrls: urls.filter((u) => /^\s*(javascript|vbscript|data):/i.test(u.replace(/[\t\n\r]/g, ''))),
    remoteImages: [...box.querySelectorAll('img')].map((img) => img.getAttribute('src')).filter((s) => s && /^https?:/.test(s)),
  };
  root.unmount();
  box.remove();
  return r;
}

/** The parser alone (react-markdown + remark-gfm as the kit calls it), for the cost of one block by shape and size. */
function parseCost(text: string, repeat = 3) {
  let best = Infinity;
  for (let i = 0; i < repeat; i++) {
    const t0 = performance.now();
    try {
      ReactMarkdown({ children: text, remarkPlugins: [remarkGfm] });
    } catch {
      return -1; // the parser overflows the stack: the kit's depth bound keeps such a block from it
    }
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}

/** The kit's blocks of `text` that reach the parser, and the slowest one's parse. */
function kitBlocks(text: string) {
  const blocks = splitBlocks(text).blocks;
  const parsedBlocks = blocks.filter((b) => b.kind === 'markdown');
  let slowest = 0;
  for (const b of parsedBlocks) slowest = Math.max(slowest, parseCost(b.source, 1));
  return { blocks: blocks.length, parsed: parsedBlocks.length, plain: blocks.filter((b) => b.kind === 'text').length, slowestBlockMs: slowest, parsedChars: parsedBlocks.reduce((n, b) => n + b.source.length, 0) };
}

Object.assign(window, { __md: { renderOnce, streamWindow, safety, parseCost, shapes: { ...ADVERSARIAL_MARKDOWN, ...ADVERSARIAL_MARKDOWN_BLOCKS }, kitBlocks, realistic: realisticAnswer() } });
(window as { __mdReady?: boolean }).__mdReady = true;
