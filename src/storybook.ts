// agentui-kit/storybook: a recorded session (what `agentui record` writes) as stories in your app's
// own Storybook; `agentui story` writes the story file that uses it.
export { FixtureStory, type FixtureStoryProps } from './components/FixtureStory';
