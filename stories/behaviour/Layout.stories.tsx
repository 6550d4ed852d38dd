import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo } from 'react';
import { AgentWorkbench } from '../../src/components/AgentWorkbench';
import { replayText } from '../../src/stream/replayText';
import { StoryProvider } from '../support/StoryProvider';
import { STORY_NOW } from '../support/storyEvents';
import coding from '../../fixtures/coding-session.jsonl?raw';

interface HostedWorkbenchProps {
  /** The width in CSS pixels of the box the app gives the workbench (an IDE side panel, a support widget...). */
  width: number;
}

/**
 * The workbench inside a box of the host app's choosing, on a page wider than the box: its layout
 * follows the box (container queries), not the screen. The coding session, final state.
 */
function HostedWorkbench({ width }: HostedWorkbenchProps) {
  const store = useMemo(() => replayText(coding).store, []);
  return (
    <StoryProvider store={store}>
      <div className="story-host">
        <div className="story-host__page" aria-hidden="true">
          <p>The host application's own page. The agent panel on the right is {Number(width)} px wide.</p>
        </div>
        <div className="story-host__box" data-testid="host-box" style={{ width: `${Number(width)}px` }}>
          <AgentWorkbench now={STORY_NOW} />
        </div>
      </div>
    </StoryProvider>
  );
}

const meta = {
  // The workbench as an app places it: a side panel, a medium box, a full page. The id stays for the tests.
  title: 'Workbench/In a box',
  id: 'behaviour-layout',
  component: HostedWorkbench,
  tags: ['full-height'],
  args: { width: 400 },
  argTypes: { width: { control: { type: 'range', min: 280, max: 1440, step: 10 } } },
  parameters: {
    docs: {
      description: {
        component:
          'AgentWorkbench in a box of a given width on a wide page. Full (thread and lanes side by side) from 960 px, medium (lanes in a sheet opened by a button) from 560 px, side panel (one compact column) below: chosen by the workbench\'s own width.',
      },
    },
  },
} satisfies Meta<typeof HostedWorkbench>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An IDE side panel: 400 px beside the host's page. One column, lanes in a sheet, composer at the bottom. */
export const SidePanel: Story = { args: { width: 400 } };

/** A medium box: the thread takes the width, the lanes open as a sheet. */
export const Medium: Story = { args: { width: 720 } };

/** A wide box: thread and lanes side by side. */
export const Full: Story = { args: { width: 1100 } };
