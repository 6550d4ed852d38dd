import type { Meta, StoryObj } from '@storybook/react-vite';
import text from '../../fixtures/coding-session.jsonl?raw';
import refs from '../../fixtures/coding-session.refs.json';
import { FixturePlayer } from '../support/FixturePlayer';

/** The Introduction's hero: the coding session playing from its first event, as a reader would watch it. */
function Hero() {
  return (
    <div className="story-hero">
      <FixturePlayer fixture="coding-session" text={text} refs={refs} mode="playback" autoplay speed={2} />
    </div>
  );
}

const meta = {
  title: 'Introduction',
  component: Hero,
  // The docs page is stories/introduction/Introduction.mdx; the playing session is tested as its fixture.
  tags: ['!autodocs', 'no-test'],
  parameters: { docs: { story: { inline: true } } },
} satisfies Meta<typeof Hero>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A refactor in seven turns, playing at twice its recorded speed. */
export const APlayingSession: Story = { name: 'A session, playing' };
