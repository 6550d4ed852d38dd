// @vitest-environment jsdom
// The parts of the kit that arrive as chunks of their own (lazyRows, lazyLanes, the virtualizer):
// what shows before their code arrives, that it renders the same facts once it has, that events
// arriving meanwhile are neither lost nor reordered, and that a chunk that fails to load is the
// surface's error, not a blank.
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import type { ReactElement } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fixtureEvents, stubLayout } from '../../test/componentHarness';
import { eventBuilder } from '../../test/eventBuilder';
import { lazyComponent } from './lazyComponent';
import { lazyPart } from './lazyPart';
import { SurfaceBoundary } from './SurfaceBoundary';

beforeAll(() => stubLayout(600, 800));
afterEach(() => {
  cleanup();
  vi.doUnmock('./sideLanes');
});

const NOW = () => Date.parse('2026-06-09T10:00:30.000Z');

/** A module whose arrival the test controls. */
function deferredModule<M>() {
  let resolve!: (module: M) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<M>((res, rej) => ((resolve = res), (reject = rej)));
  return { importer: () => promise, resolve, reject };
}

type ThingModule = { Thing: (props: { word: string }) => ReactElement };
const Thing: ThingModule['Thing'] = ({ word }) => <p className="thing">{word}</p>;
const Holder = () => <p className="thing" data-loading="" aria-busy="true" />;

describe('lazyComponent', () => {
  it('shows its placeholder, busy and empty, until the module arrives, then the component with the same props', async () => {
    const module = deferredModule<ThingModule>();
    const LazyThing = lazyComponent(lazyPart(module.importer), (m) => m.Thing, Holder);
    const { container } = render(<LazyThing word="forty-two" />);
    const placeholder = container.querySelector('.thing')!;
    expect(placeholder.getAttribute('aria-busy')).toBe('true');
    expect(placeholder.textContent).toBe('');
    await act(async () => module.resolve({ Thing }));
    expect(container.innerHTML).toBe('<p class="thing">forty-two</p>');
  });

  it('a chunk that fails to load is the surface’s error: its boundary says so, nothing is left blank', async () => {
    const module = deferredModule<ThingModule>();
    const LazyThing = lazyComponent(lazyPart(module.importer), (m) => m.Thing, Holder);
    const reported: string[] = [];
    const { container } = render(
      <SurfaceBoundary surface="Thing" onError={(error, surface) => reported.push(`${surface}: ${error.message}`)} message="Thing failed: {error}">
        <LazyThing word="x" />
      </SurfaceBoundary>,
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(async () => module.reject(new Error('Failed to fetch dynamically imported module')));
    const alert = container.querySelector('[role="alert"]')!;
    expect(alert.getAttribute('data-surface')).toBe('Thing');
    expect(alert.textContent).toContain('Thing failed: Failed to fetch dynamically imported module');
    expect(reported).toEqual(['Thing: Failed to fetch dynamically imported module']);
    vi.mocked(console.error).mockRestore();
  });

  it('a failed load is tried again by the next use', async () => {
    let attempts = 0;
    const part = lazyPart(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('offline');
      return { Thing };
    });
    await expect(part.load()).rejects.toThrow('offline');
    await expect(part.load()).resolves.toEqual({ Thing });
    expect(attempts).toBe(2);
  });

  it('a server render that cannot wait gets the placeholder; one after the module loaded is whole', async () => {
    const module = deferredModule<ThingModule>();
    const part = lazyPart(module.importer);
    const LazyThing = lazyComponent(part, (m) => m.Thing, Holder);
    expect(renderToString(<LazyThing word="whole" />)).toContain('aria-busy="true"');
    module.resolve({ Thing });
    await part.load();
    expect(renderToString(<LazyThing word="whole" />)).toContain('<p class="thing">whole</p>');
  });
});

/** The kit as a page that has loaded none of its chunks yet: fresh modules, nothing preloaded. */
async function coldKit() {
  vi.resetModules();
  const [{ AgentWorkbench, Conversation, RuntimeProvider, createRuntimeStore, preloadKit }, { virtualCore }] = await Promise.all([import('../index'), import('./useLazyVirtualizer')]);
  return { AgentWorkbench, Conversation, RuntimeProvider, createRuntimeStore, preloadKit, virtualCore };
}

type ColdKit = Awaited<ReturnType<typeof coldKit>>;

/** `ui` under a provider of a store holding `fixture`, on a cold page. */
function renderCold(kit: ColdKit, fixture: string, ui: ReactElement) {
  const store = kit.createRuntimeStore();
  store.getState().ingest(fixtureEvents(fixture));
  return { store, ...render(<kit.RuntimeProvider store={store}>{ui}</kit.RuntimeProvider>) };
}

/** Waits until every lazily loaded part on screen has arrived (no placeholder, no busy list, no pending text). */
async function settled(container: HTMLElement) {
  await waitFor(() => expect(container.querySelectorAll('[data-loading], [aria-busy="true"], .aui-markdown__pending')).toHaveLength(0));
}

/**
 * The layout as markup, attributes in name order (React adds an attribute that appears later at the
 * end) and React's generated ids numbered in order of appearance (two renders number them apart).
 */
function markup(container: HTMLElement): string {
  const ids = new Map<string, string>();
  const id = (value: string) =>
    value.replace(/«[^»]*»|_r_[0-9a-z]+_/g, (generated) => {
      if (!ids.has(generated)) ids.set(generated, `id${ids.size}`);
      return ids.get(generated)!;
    });
  const write = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent!;
    if (!(node instanceof Element)) return '';
    const attributes = [...node.attributes].map((a) => `${a.name}="${id(a.value)}"`).sort();
    return `<${node.localName}${attributes.map((a) => ` ${a}`).join('')}>${[...node.childNodes].map(write).join('')}</${node.localName}>`;
  };
  return write(container.querySelector('.aui-workbench__layout')!);
}

// Sessions whose first screen holds every kind of row made lazy: tools and requests, a task,
// subagents, evidence, diagnostics, a failed turn's notice, reasoning.
const SESSIONS = ['hitl-action', 'task-retry', 'subagent-handoff', 'artifact-evidence', 'degraded-facts', 'tool-failure', 'tool-success'];

describe('a workbench opened before its chunks arrive', () => {
  it.each(SESSIONS)('%s: words at once, places held, then the same facts as a page that had every chunk; events that came meanwhile are all there, in order', async (name) => {
    const events = fixtureEvents(name);
    const half = Math.ceil(events.length / 2);
    const kit = await coldKit();
    const store = kit.createRuntimeStore();
    store.getState().ingest(events.slice(0, half));
    const cold = render(
      <kit.RuntimeProvider store={store}>
        <kit.AgentWorkbench now={NOW} virtualize={false} />
      </kit.RuntimeProvider>,
    );
    // Nothing has arrived yet: the messages' words are there as text, the other parts hold their places.
    const placeholders = [...cold.container.querySelectorAll('[data-loading]')];
    expect(placeholders.length).toBeGreaterThan(0);
    expect(cold.container.querySelectorAll('.aui-message .aui-markdown__pending').length).toBeGreaterThan(0);
    for (const placeholder of placeholders) {
      expect(placeholder.getAttribute('aria-busy')).toBe('true');
      expect(placeholder.textContent!.replace(/\u200b/g, '')).toBe('');
    }
    // The rest of the session streams in while the chunks are still on their way.
    act(() => void store.getState().ingest(events.slice(half)));
    act(() => void store.getState().settle());
    await settled(cold.container);
    const coldMarkup = markup(cold.container);
    cold.unmount();

    // The same session on a page that had every chunk before it rendered.
    await kit.preloadKit();
    const warmStore = kit.createRuntimeStore();
    warmStore.getState().ingest(events);
    warmStore.getState().settle();
    const warm = render(
      <kit.RuntimeProvider store={warmStore}>
        <kit.AgentWorkbench now={NOW} virtualize={false} />
      </kit.RuntimeProvider>,
    );
    await settled(warm.container);
    expect(coldMarkup).toBe(markup(warm.container));
    if (name === 'tool-failure') expect(warm.container.querySelector('.aui-turn-notice[data-outcome="failed"]')).not.toBeNull();
  });

  it('a message’s words are on screen before the markdown code arrives, as the text the runtime sent', async () => {
    const kit = await coldKit();
    const { container } = renderCold(kit, 'text-basic', <kit.Conversation virtualize={false} />);
    const pending = container.querySelector('[data-role="assistant"] .aui-markdown__pending')!;
    expect(pending.textContent).toContain('The kit is built with Vite in library mode');
    await settled(container);
    expect(container.querySelector('[data-role="assistant"] .aui-markdown')!.textContent).toContain('The kit is built with Vite in library mode');
  });

  it('a virtualized thread shows its newest screen of rows in normal flow until the virtualizer arrives, then the virtualizer places them', async () => {
    const kit = await coldKit();
    const ev = eventBuilder();
    const store = kit.createRuntimeStore();
    store.getState().ingest(Array.from({ length: 25 }, (_, i) => ev('model.completed', { turnId: `turn-${i}` }, { text: `answer ${i}.` })));
    const { container } = render(
      <kit.RuntimeProvider store={store}>
        <kit.Conversation />
      </kit.RuntimeProvider>,
    );
    const log = container.querySelector('[role="log"]')!;
    const words = () => [...container.querySelectorAll('.aui-conversation__row')].map((row) => /answer \d+\./.exec(row.textContent ?? '')?.[0]);
    // Read at once, not busy: the newest ten answers in order, in normal flow, the end of the thread.
    expect(words()).toEqual(Array.from({ length: 10 }, (_, i) => `answer ${15 + i}.`));
    expect(log.hasAttribute('aria-busy')).toBe(false);
    expect(log.hasAttribute('data-flow-rows')).toBe(true);
    expect(container.querySelector('.aui-virtual, .aui-virtual__row')).toBeNull();
    // Its arrival and the renders it causes, inside act (outside it, React warns of each update).
    await act(() => kit.virtualCore.load());
    await waitFor(() => expect(container.querySelectorAll('.aui-conversation__row.aui-virtual__row').length).toBeGreaterThan(0));
    expect(log.hasAttribute('data-flow-rows')).toBe(false);
    expect(container.querySelector('.aui-conversation')!.hasAttribute('data-pinned')).toBe(true);
  });

  it('an empty thread needs no virtualizer: it is not busy and does not load it before the page is idle', async () => {
    const kit = await coldKit();
    const load = vi.spyOn(kit.virtualCore, 'load');
    const { container } = render(
      <kit.RuntimeProvider store={kit.createRuntimeStore()}>
        <kit.Conversation />
      </kit.RuntimeProvider>,
    );
    expect(container.querySelector('[role="log"]')!.hasAttribute('aria-busy')).toBe(false);
    expect(container.querySelector('.aui-conversation__empty')).not.toBeNull();
    expect(load).not.toHaveBeenCalled();
    // Once idle (jsdom has no idle callback: the fallback timer), the thread's parts start loading.
    await waitFor(() => expect(load).toHaveBeenCalled());
  });

  it('a page with no idle time (a backlog being applied) loads the rows’ code once the session has an event, before any row asks', async () => {
    const kit = await coldKit();
    const load = vi.spyOn(kit.virtualCore, 'load');
    // A page busy from end to end: its idle callbacks never come.
    vi.stubGlobal('requestIdleCallback', () => 1);
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    try {
      const store = kit.createRuntimeStore();
      render(
        <kit.RuntimeProvider store={store}>
          <kit.Conversation />
        </kit.RuntimeProvider>,
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(load).not.toHaveBeenCalled();
      // The first event of a backlog opening (its turn submitted without the prompt's text): no message row yet.
      const [submitted] = fixtureEvents('text-basic') as { payload: Record<string, unknown> }[];
      act(() => void store.getState().ingest([{ ...submitted, payload: {} }]));
      expect(store.getState().counts.applied).toBe(1);
      expect(store.getState().messages.ids).toHaveLength(0);
      await waitFor(() => expect(load).toHaveBeenCalled());
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('a lanes chunk that fails to load shows each surface’s boundary message (the task capsule), and the thread still renders', async () => {
    vi.resetModules();
    vi.doMock('./sideLanes', () => {
      throw new Error('chunk sideLanes failed');
    });
    const kit = await coldKit();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { container } = renderCold(kit, 'task-retry', <kit.AgentWorkbench now={NOW} virtualize={false} />);
    await waitFor(() => expect(container.querySelector('.aui-workbench__main [role="alert"][data-surface="TaskCapsule"]')).not.toBeNull());
    const alert = container.querySelector('.aui-workbench__main [role="alert"][data-surface="TaskCapsule"]')!;
    // The boundary's own message with the import's error (vitest words a failed mocked import its own way).
    expect(alert.textContent).toMatch(/This panel could not render: \S/);
    expect(alert.querySelector('.aui-fact-badge[data-fact="failed"]')).not.toBeNull();
    expect(container.querySelectorAll('.aui-message').length).toBeGreaterThan(0);
    vi.mocked(console.error).mockRestore();
  });
});
