import type { Preview } from '@storybook/react-vite';
import { configure } from 'storybook/test';
import '../src/styles/styles.css';
import './preview.css';
import { StoryGlobals, type StoryTheme } from '../stories/support/StoryGlobals';
import { LOCALES, type LocaleName } from '../stories/support/locales';

// A wait's limit is when a play function gives up, not a performance bound: on a loaded CI machine
// a correct story can take longer than testing-library's 1 s default to reach its state.
configure({ asyncUtilTimeout: 20_000 });

const preview: Preview = {
  globalTypes: {
    theme: {
      description: 'Color theme of the kit',
      toolbar: { title: 'Theme', icon: 'contrast', items: [{ value: 'light', title: 'Light' }, { value: 'dark', title: 'Dark' }], dynamicTitle: true },
    },
    locale: {
      description: 'Labels (visible strings and aria labels)',
      toolbar: {
        title: 'Labels',
        icon: 'globe',
        items: [
          { value: 'en', title: 'English (defaults)' },
          { value: 'fr', title: 'Français' },
          { value: 'pseudo', title: 'Pseudo-locale (long strings)' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light', locale: 'en' },
  parameters: {
    layout: 'fullscreen',
    a11y: { test: 'error' },
    controls: { expanded: true },
    // The designers' sidebar first (the product, its demos, its surfaces); tests, benches and stress under Dev.
    options: { storySort: { order: ['Introduction', 'Fixtures', 'Workbench', 'Surfaces', 'Dev'] } },
  },
  decorators: [
    (Story, context) => {
      const theme = (context.globals.theme ?? 'light') as StoryTheme;
      const locale = (context.globals.locale ?? 'en') as LocaleName;
      return (
        <StoryGlobals.Provider value={{ theme, labels: LOCALES[locale] }}>
          <div className="aui-root aui-story" data-aui-theme={theme}>
            <Story />
          </div>
        </StoryGlobals.Provider>
      );
    },
  ],
};

export default preview;
