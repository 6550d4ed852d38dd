import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fireEvent, userEvent, waitFor, within } from 'storybook/test';
import { Conversation } from '../../src/components/Conversation';
import { RuntimeInspector } from '../../src/components/RuntimeInspector';
import { operationLogOf } from '../../src/components/inspector/operationLog';
import { RuntimeProvider } from '../../src/hooks/RuntimeProvider';
import { createRuntimeStore } from '../../src/store/createRuntimeStore';
import { StoryProvider } from '../support/StoryProvider';
import { eventsOf } from '../support/storyEvents';
import coding from '../../fixtures/coding-session.jsonl?raw';
import degraded from '../../fixtures/degraded-facts.jsonl?raw';

/** A store logged from its first event, then given a recorded session, as an app's live stream would give it. */
function InspectedSession({ text, withConversation }: { text: string; withConversation?: boolean }) {
  const [store] = useState(() => {
    const created = createRuntimeStore();
    operationLogOf(created);
    created.getState().ingest(eventsOf(text));
    created.getState().settle();
    return created;
  });
  return (
    <StoryProvider store={store}>
      <RuntimeInspector
        logHeight={360}
        renderAt={
          withConversation
            ? (scratch) => (
                <RuntimeProvider store={scratch}>
                  <Conversation style={{ height: 240 }} />
                </RuntimeProvider>
              )
            : undefined
        }
      />
    </StoryProvider>
  );
}

const meta = {
  title: 'Tools/Runtime inspector',
  component: InspectedSession,
  tags: ['autodocs'],
  args: { text: degraded },
  argTypes: { text: { control: false } },
  parameters: {
    layout: 'padded',
    docs: {
      description: {
        component:
          'RuntimeInspector (agentui-kit/inspector), a development panel over a live store: the event log (virtualized, filtered by family, text or diagnostics), what each event changed, diagnostics in plain words, time travel over a scratch replay (the live store is never touched) and "save as fixture".',
      },
    },
  },
} satisfies Meta<typeof InspectedSession>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A session with malformed and uncorrelated events: select one to read its diagnostics in plain words. */
export const Diagnostics: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByLabelText('Only events with diagnostics'));
    const rows = canvasElement.querySelectorAll<HTMLButtonElement>('.aui-inspector__row button');
    await expect(rows.length).toBeGreaterThan(0);
    await userEvent.click(rows[0]!);
    const details = canvas.getByRole('region', { name: 'Selected event' });
    await waitFor(() => expect(details.querySelectorAll('[data-code]').length).toBeGreaterThan(0));
  },
};

/** 1,049 events: the log mounts only the rows in view; time travel shows the conversation as it was. */
export const LongSessionTimeTravel: Story = {
  args: { text: coding, withConversation: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvasElement.querySelectorAll('.aui-inspector__row').length).toBeLessThan(60);
    const slider = canvas.getByRole('slider', { name: 'Position in the log' });
    fireEvent.change(slider, { target: { value: '0' } });
    await waitFor(() => expect(canvas.getByText(/^The state after event 0:/)).toBeTruthy());
    fireEvent.change(slider, { target: { value: '40' } });
    await waitFor(() => expect(canvas.getByText(/^The state after event 40:/)).toBeTruthy());
    await expect(canvasElement.querySelectorAll('.aui-inspector__row[data-future]').length).toBeGreaterThan(0);
  },
};
