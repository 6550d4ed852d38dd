import { render, type RenderResult } from '@testing-library/react';
import axe from 'axe-core';
import type { ReactElement } from 'react';
import { beforeAll, expect } from 'vitest';
import { preloadKit } from '../src/components/preloadKit';
import { RuntimeProvider } from '../src/hooks/RuntimeProvider';
import { parseJsonl } from '../src/protocol/parseJsonl';
import { createRuntimeStore, type RuntimeStore } from '../src/store/createRuntimeStore';
import type { RuntimeProviderAdapter } from '../src/stream/types';
import { readFixture } from './referenceData';

// The markdown parser and the artifact card are lazily loaded chunks; component tests render as an app that loaded them:
// messages are markup in the first render (markdown.test.tsx covers the text shown before it arrives).
beforeAll(() => preloadKit());

export { stubLayout } from './layoutStub';

export const fixtureEvents = (name: string) => parseJsonl(readFixture(name)).records.map((r) => r.value);

export function storeFrom(events: unknown[], settle = true): RuntimeStore {
  const store = createRuntimeStore();
  store.getState().ingest(events);
  if (settle) store.getState().settle();
  return store;
}

export function renderWith(ui: ReactElement, store: RuntimeStore = createRuntimeStore(), adapter?: RuntimeProviderAdapter): RenderResult & { store: RuntimeStore } {
  const result = render(
    <RuntimeProvider store={store} adapter={adapter}>
      <div className="aui-root">{ui}</div>
    </RuntimeProvider>,
  );
  return Object.assign(result, { store });
}

/**
 * axe with zero violations. Checked in Chromium instead (e2e): color contrast (jsdom computes no
 * colors) and a visible label inside the accessible name (its check measures glyphs on a canvas,
 * which jsdom lacks: here it failed, printed "Not implemented: getContext" and counted as no violation).
 */
export async function expectNoAxeViolations(container: Element): Promise<void> {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false }, 'label-content-name-mismatch': { enabled: false } } });
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

export function mockAdapter(overrides: Partial<RuntimeProviderAdapter> = {}): RuntimeProviderAdapter {
  return {
    startTurn: async function* () {},
    cancelTurn: async () => ({ type: 'turn.cancelled', eventId: 'x', timestamp: '2026-06-09T10:00:00Z', payload: {} }),
    respondAction: async () => ({ type: 'noop', eventId: 'y', timestamp: '2026-06-09T10:00:00Z', payload: {} }),
    readThread: async () => ({ threadId: 'thread-1', status: 'idle', turns: [] }),
    ...overrides,
  };
}
