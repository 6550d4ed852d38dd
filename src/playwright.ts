// agentui-kit/playwright: visual tests of the recorded sessions in your app's Storybook
// (`agentui story` writes the spec that uses it). Needs only @playwright/test's types.
export { fixtureStoryTests, openFixtureStory, type FixtureStoryTestOptions, type OpenFixtureStoryOptions } from './testing/fixtureStoryTests';
