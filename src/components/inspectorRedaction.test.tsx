// @vitest-environment jsdom
// Leak: RuntimeInspector shows store values without the display policy. Its raw event goes
// through redactForRecording, but "What it changed" prints each changed field's value as is
// (`argsText "" → "{\"password\":\"x\"}"`, `outputPreview … → "DB_PASSWORD=x"`), its time-travel
// summary prints tool names as is, and its raw event ignores the app's own patterns.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { eventBuilder, toolIds, turn } from '../../test/eventBuilder';
import { stubLayout } from '../../test/componentHarness';
import { RuntimeProvider } from '../hooks/RuntimeProvider';
import { createRuntimeStore } from '../store/createRuntimeStore';
import { DisplayPolicyProvider } from './displayPolicy';
import { RuntimeInspector } from './RuntimeInspector';
import { shownIn } from '../../test/shownIn';

beforeAll(() => stubLayout(2_000, 1_200));
afterEach(cleanup);

const row = (type: string) => screen.getAllByRole('button').find((b) => b.querySelector('.aui-inspector__type')?.textContent === type)!;

function mount(events: unknown[], redact?: { values: RegExp[] }) {
  const store = createRuntimeStore();
  const inspector = (
    <RuntimeProvider store={store}>
      <div className="aui-root">
        <RuntimeInspector />
      </div>
    </RuntimeProvider>
  );
  render(redact ? <DisplayPolicyProvider redact={redact}>{inspector}</DisplayPolicyProvider> : inspector);
  act(() => void store.getState().ingest(events));
  return store;
}

it("what an event changed shows no secret (streamed args, output preview)", () => {
  const ev = eventBuilder();
  mount([
    ev('turn.started', turn()),
    ev('tool.started', toolIds(1), { toolName: 'login' }),
    ev('tool.args', toolIds(1), { delta: '{"password":"hunter5horse"}' }),
    ev('tool.result', toolIds(1), { preview: 'DB_PASSWORD=hunter6horse' }),
  ]);
  const details = screen.getByRole('region', { name: 'Selected event' });
  fireEvent.click(row('tool.args'));
  expect(within(details).getByText(/toolCalls tc-1: .*argsText/)).toBeTruthy();
  expect(shownIn(details)).not.toContain('hunter5horse');
  fireEvent.click(row('tool.result'));
  expect(within(details).getByText(/toolCalls tc-1: .*outputPreview/)).toBeTruthy();
  expect(shownIn(details)).not.toContain('hunter6horse');
});

it('the time-travel summary shows no secret in a tool name', () => {
  const ev = eventBuilder();
  const TOKEN = 'ghp_Zq7RkX2mNp9TvW4yLc8Hd3Js6Bf1Gx5A0001';
  mount([ev('turn.started', turn()), ev('tool.started', toolIds(1), { toolName: `clone ${TOKEN}` }), ev('tool.result', toolIds(1), { preview: 'ok' })]);
  fireEvent.change(screen.getByRole('slider', { name: 'Position in the log' }), { target: { value: '2' } });
  const summary = document.querySelector('.aui-inspector__summary')!;
  expect(summary.textContent).toContain('clone');
  expect(shownIn(document.body)).not.toContain(TOKEN);
});

it("the raw event applies the app's own patterns", () => {
  const ev = eventBuilder();
  mount([ev('turn.started', turn()), ev('tool.started', toolIds(1), { toolName: 'call', safeArgs: { tenant: 'acme_abcdef123456' } })], { values: [/acme_[a-z0-9]{12}/] });
  fireEvent.click(row('tool.started'));
  const details = screen.getByRole('region', { name: 'Selected event' });
  expect(details.querySelector('pre')!.textContent).toContain('tenant');
  expect(shownIn(details)).not.toContain('acme_abcdef123456');
});
