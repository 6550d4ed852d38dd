import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect } from 'react';
import { expect, waitFor } from 'storybook/test';
import { ActionRequired } from '../../src/components/ActionRequired';
import { useRuntimeStore } from '../../src/hooks/useRuntimeContext';
import { presentState } from '../../src/store/presentState';
import { Cell, Matrix } from '../support/Cell';
import { STORY_NOW, storyEvents } from '../support/storyEvents';

const t = { turnId: 'turn-1' };
const approval = (severity: string) => ({ actionType: 'tool_permission', decisionKind: 'allow_or_deny', severity, prompt: `Allow write_file to update README.md? (${severity})`, scope: { path: 'README.md' }, expiresAt: '2026-06-09T10:02:00.000Z' });
const input = {
  actionType: 'structured_input',
  severity: 'medium',
  prompt: 'Which release channel, and how many retries?',
  schema: { type: 'object', required: ['channel'], properties: { channel: { type: 'string', enum: ['stable', 'beta'] }, retries: { type: 'integer', title: 'Retries' }, notify: { type: 'boolean', title: 'Notify the team' }, note: { type: 'string', title: 'Note' } } },
};
const plan = { actionType: 'plan_decision', severity: 'low', prompt: 'Proceed with the 3-step refactor plan?' };

function one(payload: Record<string, unknown>, then?: (ev: ReturnType<typeof storyEvents>) => unknown[]) {
  const ev = storyEvents();
  return [ev('turn.started', t), ev('action.required', { ...t, actionId: 'a1' }, payload), ...(then?.(ev) ?? [])];
}

/** Shows the `responding` overlay: the user answered and the write is in flight. */
function Responding() {
  const store = useRuntimeStore();
  useEffect(() => void store.getState().markResponding('a1', 'allow'), [store]);
  return <ActionRequired actionId="a1" now={STORY_NOW} autoFocusHighSeverity={false} />;
}

/**
 * A request among the newest turns, shown while the history before them is applied (`openBacklog`):
 * the store has not applied it yet, so its buttons wait and say why.
 */
function BeforeHistory() {
  const store = useRuntimeStore();
  useEffect(() => presentState(store, { ...store.getState(), historyPending: true }), [store]);
  return <ActionRequired actionId="a1" now={STORY_NOW} autoFocusHighSeverity={false} />;
}

const meta = {
  title: 'Surfaces/ActionRequired',
  component: ActionRequired,
  tags: ['autodocs'],
  args: { actionId: 'a1' },
  parameters: { docs: { description: { component: 'Approval, structured input or plan decision; severity, scope and expiry. Buttons send through `respondAction`; the card shows `responding` until the runtime resolves it. Focus moves to a new high-severity request.' } } },
} satisfies Meta<typeof ActionRequired>;
export default meta;
type Story = StoryObj<typeof meta>;

export const StateMatrix: Story = {
  render: () => {
    const cells: [string, unknown[], ('responding' | 'beforeHistory')?][] = [
      ['Critical approval: a second step confirms it', one(approval('critical'))],
      ['High-risk approval', one(approval('high'))],
      ['Medium-risk approval', one(approval('medium'))],
      ['Low-risk approval', one(approval('low'))],
      ['A question with a form to fill in', one(input)],
      ['A plan to approve', one(plan)],
      ['Your answer on its way to the runtime', one(approval('high')), 'responding'],
      ['Shown before its history has loaded', one(approval('medium')), 'beforeHistory'],
      ['Approved by you', one(approval('high'), (ev) => [ev('action.resolved', { ...t, actionId: 'a1' }, { decision: 'allow', respondedBy: 'user' })])],
      ['Approved (the runtime did not say by whom)', one(approval('high'), (ev) => [ev('action.resolved', { ...t, actionId: 'a1' }, { decision: 'allow' })])],
      ['Denied', one(approval('medium'), (ev) => [ev('action.resolved', { ...t, actionId: 'a1' }, { decision: 'deny' })])],
      ['Expired before an answer', one(approval('medium'), (ev) => [ev('action.resolved', { ...t, actionId: 'a1' }, { status: 'expired' })])],
      ['Cancelled by the runtime', one(plan, (ev) => [ev('action.resolved', { ...t, actionId: 'a1' }, { status: 'cancelled' })])],
    ];
    return (
      <Matrix label="Every action type, severity and state">
        {cells.map(([caption, events, overlay]) => (
          <Cell key={caption} caption={caption} events={events}>
            {overlay === 'responding' ? <Responding /> : overlay === 'beforeHistory' ? <BeforeHistory /> : <ActionRequired actionId="a1" now={STORY_NOW} autoFocusHighSeverity={false} />}
          </Cell>
        ))}
      </Matrix>
    );
  },
  play: async ({ canvasElement }) => {
    // The request shown before its history: every button waits, described by the reason.
    const cell = canvasElement.querySelector('[data-state-name="Shown before its history has loaded"]')!;
    await waitFor(() => expect(cell.querySelector('.aui-action__waiting')?.textContent).toBe('You can answer once the history has loaded.'));
    const buttons = [...cell.querySelectorAll('button')];
    await expect(buttons.length).toBe(3);
    for (const button of buttons) {
      await expect(button).toBeDisabled();
      await expect(button.getAttribute('aria-describedby')).toBe(cell.querySelector('.aui-action__waiting')!.id);
    }
  },
};
