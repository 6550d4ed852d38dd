// @vitest-environment jsdom
// The inspector as a developer uses it beside a live store: rows for what the store took, what one
// event changed, time travel that leaves the live store alone, filters, and a saved fixture.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { RuntimeProvider } from '../hooks/RuntimeProvider';
import { createRuntimeStore } from '../store/createRuntimeStore';
import { summarize } from '../store/selectors/summarize';
import { expectNoAxeViolations, fixtureEvents, stubLayout } from '../../test/componentHarness';
import { operationLogOf } from './inspector/operationLog';
import type { SavedFixture } from './inspector/fixtureText';
import { RuntimeInspector } from './RuntimeInspector';

beforeAll(() => stubLayout(2_000, 1_200));
afterEach(cleanup);

function mount(onSaveFixture?: (fixture: SavedFixture, file: string) => void) {
  const store = createRuntimeStore();
  const view = render(
    <RuntimeProvider store={store}>
      <div className="aui-root">
        <RuntimeInspector onSaveFixture={onSaveFixture} />
      </div>
    </RuntimeProvider>,
  );
  const events = fixtureEvents('hitl-action');
  act(() => void store.getState().ingest(events));
  return { store, events, view };
}

const row = (type: string) => screen.getAllByRole('button').find((b) => b.querySelector('.aui-inspector__type')?.textContent === type)!;

describe('RuntimeInspector', () => {
  it('lists what the store took, newest first, and says what a selected event changed', async () => {
    const { events, view } = mount();
    const region = screen.getByRole('region', { name: 'Runtime inspector' });
    expect(within(region).getByText(`${events.length} events captured`)).toBeTruthy();
    const types = [...view.container.querySelectorAll('.aui-inspector__type')].map((n) => n.textContent);
    expect(types[0]).toBe('turn.completed');
    expect(types.at(-1)).toBe('turn.submitted');
    fireEvent.click(row('tool.started'));
    const details = screen.getByRole('region', { name: 'Selected event' });
    expect(within(details).getByText('toolCalls tc-1: added')).toBeTruthy();
    fireEvent.click(row('tool.result'));
    expect(within(details).getByText(/^toolCalls tc-1: .*status "running" → "succeeded"/)).toBeTruthy();
    await expectNoAxeViolations(view.container);
  });

  it('explains a diagnostic in plain words', () => {
    const store = createRuntimeStore();
    render(
      <RuntimeProvider store={store}>
        <RuntimeInspector />
      </RuntimeProvider>,
    );
    const fine = fixtureEvents('text-basic')[0];
    act(() => void store.getState().ingest([fine, { type: 'tool.started', eventId: 'bad-1', timestamp: '2026-06-09T10:00:00Z', payload: {} }, { type: 'mystery.event', eventId: 'odd-1', timestamp: '2026-06-09T10:00:01Z', payload: {} }]));
    fireEvent.click(row('mystery.event'));
    const details = screen.getByRole('region', { name: 'Selected event' });
    expect(within(details).getByText('The kit does not know this event type: it is kept here, never guessed at.')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Only events with diagnostics'));
    expect(screen.getByText('2 of 3 shown')).toBeTruthy();
    expect([...document.querySelectorAll('.aui-inspector__row button')].map((b) => b.getAttribute('data-event-id'))).toEqual(['odd-1', 'bad-1']);
  });

  it('travels back in a scratch store: the summary at that position, the live store untouched, then back to live', () => {
    const { store } = mount();
    const live = store.getState();
    const slider = screen.getByRole('slider', { name: 'Position in the log' });
    fireEvent.change(slider, { target: { value: '5' } });
    expect(screen.getByText('The state after event 5: a replay into a scratch store; the live store is untouched.')).toBeTruthy();
    const at = document.querySelector('.aui-inspector__summary')!;
    expect(at.querySelector('[data-status]')!.getAttribute('data-status')).toBe('needs-input');
    expect(store.getState()).toBe(live);
    expect(summarize(store.getState()).status).toBe('completed');
    fireEvent.click(screen.getByRole('button', { name: 'Back to live' }));
    expect(document.querySelector('.aui-inspector__summary')).toBeNull();
    expect(screen.getByText('Live')).toBeTruthy();
  });

  it('filters by family, by text and by diagnostics', () => {
    const { events } = mount();
    const n = events.length;
    fireEvent.change(screen.getByLabelText('Event family'), { target: { value: 'action' } });
    expect(screen.getByText(`4 of ${n} shown`)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Event family'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Type or id'), { target: { value: 'tc-1' } });
    expect(screen.getByText(`4 of ${n} shown`)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Type or id'), { target: { value: '' } });
    fireEvent.click(screen.getByLabelText('Only events with diagnostics'));
    expect(screen.getByText(`0 of ${n} shown`)).toBeTruthy();
  });

  it('saves what it captured as a fixture', () => {
    const saved: [SavedFixture, string][] = [];
    const { events } = mount((fixture, file) => saved.push([fixture, file]));
    fireEvent.click(screen.getByRole('button', { name: 'Save as fixture' }));
    expect(saved).toHaveLength(1);
    expect(saved[0]![1]).toBe('sess-hitl-action.jsonl');
    expect(saved[0]![0].lines).toBe(events.length);
    expect(saved[0]![0].text.trim().split('\n').map((l) => JSON.parse(l))).toEqual(events);
    expect(screen.getByText(`Saved ${events.length} events as sess-hitl-action.jsonl (secrets redacted)`)).toBeTruthy();
  });

  it('says so when it started after the store had taken events', () => {
    const store = createRuntimeStore();
    store.getState().ingest(fixtureEvents('text-basic').slice(0, 4));
    render(
      <RuntimeProvider store={store}>
        <RuntimeInspector />
      </RuntimeProvider>,
    );
    expect(screen.getByText('The inspector started after 4 events: the log, time travel and saved fixtures begin there.')).toBeTruthy();
    expect(operationLogOf(store).entries).toHaveLength(0);
  });
});
