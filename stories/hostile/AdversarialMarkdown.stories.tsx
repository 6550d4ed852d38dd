import type { Meta, StoryObj } from '@storybook/react-vite';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { expect } from 'storybook/test';
import { Markdown } from '../../src/components/Markdown';
import { ADVERSARIAL_MARKDOWN, realisticAnswer } from './hostileStrings';

/** The budget for 100 KB of adversarial markdown, and the headroom a shared CI machine needs. */
const BUDGET_MS = 50;
// Generous: a shared, loaded machine. The old renderer took 5.9 s for 4 KB of backticks.
const HEADROOM = 20;

/** Renders `text` into a fresh root and forces layout: the time a user waits for it. */
function timeRender(host: HTMLElement, text: string): number {
  const box = document.createElement('div');
  box.className = 'aui-root';
  box.style.width = '640px';
  host.append(box);
  const root = createRoot(box);
  const start = performance.now();
  flushSync(() => root.render(<Markdown text={text} />));
  void box.getBoundingClientRect().height;
  const elapsed = performance.now() - start;
  root.unmount();
  box.remove();
  return elapsed;
}

const meta = {
  title: 'Hostile/Adversarial markdown',
  parameters: {
    docs: { description: { component: 'Every 100 KB adversarial markdown input rendered by the real renderer in Chromium, timed to a forced layout, and a realistic 100 KB answer streamed in 8-character deltas.' } },
    a11y: { test: 'off' },
  },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const RenderBudget: Story = {
  render: () => <div data-testid="host" />,
  play: async ({ canvas }) => {
    const host = canvas.getByTestId('host');
    timeRender(host, realisticAnswer(20_000)); // warm the parser's code paths
    // Best of two: the figure is the renderer's cost, not a scheduling hiccup of a shared machine.
    const best = (text: string) => Math.round(Math.min(timeRender(host, text), timeRender(host, text)) * 10) / 10;
    const times: Record<string, number> = {};
    const growth: Record<string, number> = {};
    for (const [name, text] of Object.entries(ADVERSARIAL_MARKDOWN)) {
      times[name] = best(text);
      // Linear cost: four times the input, about four times the time (quadratic would be 16).
      // Below 10 ms the ratio is noise: floor the quarter's time there.
      growth[name] = Math.round((times[name] / Math.max(10, best(text.slice(0, text.length / 4)))) * 10) / 10;
    }
    times['realistic 100 KB answer'] = best(realisticAnswer());
    (globalThis as { __AUI_MARKDOWN_TIMES__?: unknown }).__AUI_MARKDOWN_TIMES__ = { times, growth };
    console.log(`adversarial markdown render ms: ${JSON.stringify(times)}\ngrowth 25 KB -> 100 KB: ${JSON.stringify(growth)}`);
    // The realistic answer is a reported figure (parsing ~1,000 blocks at once), not an adversarial budget.
    for (const [name, ms] of Object.entries(times)) {
      if (!(name in growth)) continue;
      expect(ms, name).toBeLessThanOrEqual(BUDGET_MS * HEADROOM);
      expect(growth[name], name).toBeLessThanOrEqual(8);
    }
  },
};

/** Renders `text` in deltas of 8 characters from `from` to `to`; the mean cost of one delta. */
function streamDeltas(render: (text: string) => void, text: string, from: number, to: number): number {
  let total = 0;
  let count = 0;
  for (let end = from + 8; end <= to; end += 8) {
    const t0 = performance.now();
    render(text.slice(0, end));
    total += performance.now() - t0;
    count += 1;
  }
  return total / count;
}

export const StreamedAnswer: Story = {
  render: () => <div data-testid="host" />,
  play: async ({ canvas }) => {
    const host = canvas.getByTestId('host');
    const text = realisticAnswer();
    const box = document.createElement('div');
    box.className = 'aui-root';
    host.append(box);
    const root = createRoot(box);
    const render = (part: string) => flushSync(() => root.render(<Markdown text={part} />));
    // The first 4 KB in deltas, then jump to 96 KB and stream the last 4 KB: a delta late in a
    // long answer must cost what one early does (the old renderer re-parsed everything).
    const early = streamDeltas(render, text, 0, 4_000);
    render(text.slice(0, 96_000));
    const late = streamDeltas(render, text, 96_000, 100_000);
    console.log(`streamed deltas of 8 characters: early ${early.toFixed(2)} ms, late (after 96 KB) ${late.toFixed(2)} ms per delta`);
    (globalThis as { __AUI_STREAM_TIMES__?: unknown }).__AUI_STREAM_TIMES__ = { early, late };
    expect(box.textContent!.length).toBeGreaterThan(60_000);
    expect(late).toBeLessThan(Math.max(early * 3, 5));
    root.unmount();
  },
};
