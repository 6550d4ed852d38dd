import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  // stories/fixtures/ is generated from fixtures/*.jsonl (scripts/fixture-stories.mjs): a new
  // fixture gets its stories without code.
  stories: ['../stories/**/*.stories.@(ts|tsx)', '../stories/**/*.mdx'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // Storybook opens on the Introduction, not on an onboarding checklist.
  features: { sidebarOnboardingChecklist: false, menuOnboardingChecklist: false },
  typescript: { reactDocgen: 'react-docgen-typescript' },
  async viteFinal(config) {
    // The kit's library build settings (entries, externals) do not apply to Storybook.
    if (config.build) delete config.build.lib;
    // Readable names in CPU profiles (bench/browser/profile-open.mjs): AGENTUI_STORYBOOK_NO_MINIFY=1.
    if (process.env.AGENTUI_STORYBOOK_NO_MINIFY) config.build = { ...config.build, minify: false };
    return config;
  },
};

export default config;
