import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  // stories/fixtures/ is generated from fixtures/*.jsonl (scripts/fixture-stories.mjs): a new
  // fixture gets its stories without code.
  stories: ['../stories/**/*.stories.@(ts|tsx)', '../stories/**/*.mdx'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  typescript: { reactDocgen: 'react-docgen-typescript' },
  async viteFinal(config) {
    // The kit's library build settings (entries, externals) do not apply to Storybook.
    if (config.build) delete config.build.lib;
    return config;
  },
};

export default config;
