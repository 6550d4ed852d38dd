// @vitest-environment jsdom
// Issue 23 item 5: lanes grew with runtime-controlled counts (3,000 artifacts: one 14 s task;
// 20k unknown events: 140k elements; 5,000 evidence records, 2,000 subagents, 2,000 pending
// actions, a 100k-value enum: 0.4-2.1 s tasks). Every such list mounts only the rows in view: the
// elements a lane builds do not depend on how many records it holds.
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { eventBuilder, toolIds, turn } from '../../test/eventBuilder';
import { mockAdapter, renderWith, storeFrom, stubLayout } from '../../test/componentHarness';
import { ActionList, ActionRequired } from './ActionRequired';
import { ArtifactList } from './ArtifactCard';
import { DiagnosticsPanel } from './DiagnosticsPanel';
import { EvidenceLane } from './EvidenceLane';
import { ENUM_SUGGESTIONS, MAX_SELECT_OPTIONS } from './StructuredInput';
import { SubagentRoster } from './SubagentRoster';

beforeAll(() => stubLayout(600, 800));
afterEach(cleanup);
const t1 = turn();

type Lane = { name: string; events: (n: number) => unknown[]; render: () => ReactElement };

const LANES: Lane[] = [
  {
    name: 'artifacts',
    events: (n) => {
      const ev = eventBuilder();
      return [ev('turn.started', t1), ...Array.from({ length: n }, (_, i) => ev('artifact.changed', { ...t1, artifactId: `art-${i}` }, { kind: 'code', title: `file_${i}.ts`, status: 'ready', preview: 'x' }))];
    },
    render: () => <ArtifactList />,
  },
  {
    name: 'evidence',
    events: (n) => {
      const ev = eventBuilder();
      return [ev('turn.started', t1), ...Array.from({ length: n }, (_, i) => ev('evidence.changed', { ...t1, evidenceId: `ev-${i}` }, { status: 'recorded', verificationOutcomes: [{ name: `check_${i}`, status: 'passed' }] }))];
    },
    render: () => <EvidenceLane />,
  },
  {
    name: 'subagents',
    events: (n) => {
      const ev = eventBuilder();
      return [ev('turn.started', t1), ...Array.from({ length: n }, (_, i) => ev('subagent.spawned', { ...t1, subagentId: `sub-${i}` }, { role: `worker ${i}`, parentTaskId: 'task-1' }))];
    },
    render: () => <SubagentRoster />,
  },
  {
    name: 'pending actions',
    events: (n) => {
      const ev = eventBuilder();
      return [ev('turn.started', t1), ...Array.from({ length: n }, (_, i) => ev('action.required', { ...t1, actionId: `a-${i}` }, { prompt: `Allow step ${i}?`, severity: 'low' }))];
    },
    render: () => <ActionList />,
  },
  {
    name: 'diagnostics',
    events: (n) => {
      const ev = eventBuilder();
      return [ev('turn.started', t1), ...Array.from({ length: n }, (_, i) => ev('runtime.warning', t1, { code: `warn_${i % 7}`, message: `warning ${i}` }))];
    },
    render: () => <DiagnosticsPanel />,
  },
];

const elements = (lane: Lane, n: number) => {
  const { container } = renderWith(lane.render(), storeFrom(lane.events(n)), mockAdapter());
  const count = container.querySelectorAll('*').length;
  cleanup();
  return count;
};

describe('lanes mount only the rows in view', () => {
  it.each(LANES)('$name: the same few hundred elements for 500 and for 4,000 records', (lane) => {
    const few = elements(lane, 500);
    const many = elements(lane, 4_000);
    // Before: every record mounted (4,000 artifact cards, 28,000 diagnostic elements at 4,000).
    expect(many).toBeLessThan(1_500);
    expect(many).toBeLessThanOrEqual(few * 1.2 + 20);
  });

  it('the diagnostics code filter still finds a record past the window, and the list shows only that code', async () => {
    const user = userEvent.setup();
    renderWith(<DiagnosticsPanel />, storeFrom(LANES[4]!.events(3_000)), mockAdapter());
    await user.selectOptions(screen.getByRole('combobox'), 'Warn 6') // the code in words: options are addressed by position, not by the runtime's value;
    const codes = [...document.querySelectorAll('.aui-diagnostic')].map((row) => row.getAttribute('data-code'));
    expect(codes.length).toBeGreaterThan(0);
    expect(new Set(codes)).toEqual(new Set(['warn_6']));
  });
});

describe('a long enum is a text field with suggestions, not a select of every value', () => {
  const schemaWith = (count: number) => ({ type: 'object', required: ['region'], properties: { region: { type: 'string', enum: Array.from({ length: count }, (_, i) => `region-${i}`) } } });
  const inputStore = (count: number) => {
    const ev = eventBuilder();
    return storeFrom([ev('action.required', { ...t1, actionId: 'in' }, { prompt: 'Where?', actionType: 'input', schema: schemaWith(count) })]);
  };

  it(`up to ${MAX_SELECT_OPTIONS} values: a select`, () => {
    renderWith(<ActionRequired actionId="in" />, inputStore(MAX_SELECT_OPTIONS), mockAdapter());
    expect(document.querySelectorAll('select option')).toHaveLength(MAX_SELECT_OPTIONS + 1);
  });

  it('100,000 values: at most ENUM_SUGGESTIONS options mounted, filtered by what is typed, and a typed value is sent', async () => {
    const user = userEvent.setup();
    const calls: unknown[] = [];
    renderWith(<ActionRequired actionId="in" />, inputStore(100_000), mockAdapter({ respondAction: async (input: unknown) => void calls.push(input) as never }));
    expect(document.querySelectorAll('select')).toHaveLength(0);
    expect(document.querySelectorAll('datalist option').length).toBeLessThanOrEqual(ENUM_SUGGESTIONS);
    const field = screen.getByRole('combobox');
    await user.type(field, 'Region 9999');
    const suggested = [...document.querySelectorAll('datalist option')].map((o) => o.getAttribute('value'));
    expect(suggested.length).toBeGreaterThan(0);
    expect(suggested.every((label) => label!.toLowerCase().includes('region 9999'))).toBe(true);
    await act(async () => {
      await user.click(screen.getByRole('button', { name: 'Submit' }));
    });
    expect(calls[0]).toMatchObject({ actionId: 'in', decision: 'answer', payload: { values: { region: 'region-9999' } } });
  });
});

describe('opening evidence from the thread reaches a record past the lane window', () => {
  it('scrolls the virtualized lane to the record and focuses it', async () => {
    // jsdom has no scrolling: scrollTo sets the offset and fires the scroll event in a task of its
    // own, as a browser does (fired at once, it ran the virtualizer's listener inside React's
    // commit, which React warns of; left on the prototype, it did so in later files of the worker).
    const { scrollTo } = Element.prototype;
    const scrollHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'scrollHeight');
    onTestFinished(() => {
      Element.prototype.scrollTo = scrollTo;
      if (scrollHeight) Object.defineProperty(HTMLElement.prototype, 'scrollHeight', scrollHeight);
      else delete (HTMLElement.prototype as { scrollHeight?: number }).scrollHeight;
    });
    Element.prototype.scrollTo = function (this: Element, options?: ScrollToOptions | number) {
      if (typeof options === 'object' && options.top !== undefined) this.scrollTop = options.top;
      setTimeout(() => this.dispatchEvent(new Event('scroll')), 0);
    } as Element['scrollTo'];
    // ... and no layout: a scroller is as tall as the space its list reserves (VirtualList sets its height).
    Object.defineProperty(HTMLElement.prototype, 'scrollHeight', { configurable: true, get(this: HTMLElement) { return parseFloat((this.firstElementChild as HTMLElement | null)?.style.height ?? '') || 600; } });
    const user = userEvent.setup();
    const ev = eventBuilder();
    const store = storeFrom([
      ev('turn.started', t1),
      ...Array.from({ length: 2_000 }, (_, i) => ev('evidence.changed', { ...t1, evidenceId: `ev-${i}` }, { status: 'recorded' })),
      ev('tool.started', toolIds(1), { toolName: 'run_tests' }),
      ev('tool.failed', toolIds(1), { category: 'process_exit', message: 'exit 1' }),
      ev('evidence.changed', { ...toolIds(1), evidenceId: 'ev-tool' }, { status: 'recorded' }),
    ]);
    const { AgentWorkbench } = await import('./AgentWorkbench');
    renderWith(<AgentWorkbench defaultLane="tools" />, store, mockAdapter());
    expect(document.querySelectorAll('.aui-evidence').length).toBe(0);
    await user.click(screen.getAllByRole('button', { name: 'Show evidence' })[0]!);
    await waitFor(() => expect(document.activeElement!.classList.contains('aui-evidence')).toBe(true));
    expect(document.activeElement!.id.endsWith('-evidence-ev-tool')).toBe(true);
    expect(document.querySelectorAll('.aui-evidence').length).toBeLessThan(60);
  });
});
