import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { FixtureStory } from '../../src/components/FixtureStory';
import { RuntimeProvider } from '../../src/hooks/RuntimeProvider';
import { kitLoaded } from '../support/kitLoaded';
import { useStoryGlobals } from '../support/StoryGlobals';
import text from '../../fixtures/tool-success.jsonl?raw';

const meta = {
  title: 'Tools/Fixture story',
  component: FixtureStory,
  tags: ['autodocs'],
  args: { text, mode: 'final', height: '720px' },
  argTypes: { text: { control: false } },
  // As an app's preview does: its RuntimeProvider's labels (the toolbar's locale) reach the story.
  decorators: [
    (Story) => {
      const { labels } = useStoryGlobals();
      return (
        <RuntimeProvider labels={labels}>
          <Story />
        </RuntimeProvider>
      );
    },
  ],
  parameters: {
    docs: {
      description: {
        component:
          'FixtureStory (agentui-kit/storybook): what `agentui story` puts in an app\'s own Storybook for a recorded session. The final state is what its Playwright test compares; playback runs on the recorded clock. It takes the labels of an enclosing RuntimeProvider (the toolbar\'s locale here).',
      },
    },
  },
} satisfies Meta<typeof FixtureStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every event applied; `data-history` turns `loaded` when they are. */
export const FinalState: Story = {
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('[data-agentui-fixture][data-history="loaded"]')).toBeTruthy());
    // The tool row's code arrives with the first tool call shown.
    await kitLoaded(canvasElement);
    await expect(canvasElement.querySelector('.aui-tool-call[data-tool-status="succeeded"]')).toBeTruthy();
  },
};

/** On the recorded clock: stepping shows the status before the first text. */
export const Playback: Story = {
  args: { mode: 'playback' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (let i = 0; i < 3; i++) await userEvent.click(canvas.getByRole('button', { name: 'Step one event' }));
    await waitFor(() => expect(canvas.getByText('3 / 16')).toBeTruthy());
  },
};
