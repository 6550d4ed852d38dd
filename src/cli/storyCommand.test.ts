import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CliIo } from './cliIo';
import { parseStoryArgs, storyCommand, storySlug } from './storyCommand';

const fixture = readFileSync(join(__dirname, '../../fixtures/tool-failure.jsonl'), 'utf8');

function memoryIo() {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { input: () => [], out: (t) => out.push(t), err: (t) => err.push(t) };
  return { io, out, err };
}

let app = '';
beforeEach(() => {
  app = mkdtempSync(join(tmpdir(), 'agentui-story-'));
  writeFileSync(join(app, 'Failed Deploy.jsonl'), fixture);
});
afterEach(() => rmSync(app, { recursive: true, force: true }));

describe('agentui story', () => {
  it('parses its arguments and names files and ids the way Storybook does', () => {
    expect(parseStoryArgs(['s.jsonl', '--name', 'checkout', '--force'])).toEqual({ file: 's.jsonl', name: 'checkout', force: true });
    expect(parseStoryArgs([])).toEqual({ error: 'story needs a recorded session (file.jsonl)' });
    expect(parseStoryArgs(['s.jsonl', '--name'])).toEqual({ error: '--name takes a value' });
    expect(storySlug('Failed Deploy.jsonl')).toBe('failed-deploy');
  });

  it("writes the fixture, a story and a visual test where the app keeps them (its Storybook globs, its Playwright testDir)", async () => {
    mkdirSync(join(app, '.storybook'));
    writeFileSync(join(app, '.storybook', 'main.ts'), "export default { stories: ['../app/**/*.stories.@(ts|tsx)'], framework: '@storybook/react-vite' };\n");
    writeFileSync(join(app, 'playwright.config.ts'), "export default { testDir: './e2e' };\n");
    const { io, out } = memoryIo();
    expect(await storyCommand(['Failed Deploy.jsonl', '--title', 'Support/Failed deploy'], io, app)).toBe(0);
    expect(readFileSync(join(app, 'app/sessions/failed-deploy.jsonl'), 'utf8')).toBe(fixture);
    const story = readFileSync(join(app, 'app/sessions/failed-deploy.stories.tsx'), 'utf8');
    expect(story).toContain("import text from './failed-deploy.jsonl?raw';");
    expect(story).toContain('title: "Support/Failed deploy",\n  id: "support-failed-deploy",');
    expect(story).toMatch(/export const Playback: Story = \{ args: \{ mode: 'playback' \} \};/);
    expect(story).toMatch(/export const FinalState: Story = \{ args: \{ mode: 'final' \} \};/);
    expect(readFileSync(join(app, 'e2e/failed-deploy.visual.spec.ts'), 'utf8')).toContain('fixtureStoryTests(test, { id: "support-failed-deploy" });');
    expect(out[0]).toBe('added the recorded session failed-deploy (11 events, status failed):');
  });

  it('defaults to src/sessions and tests/, and refuses to replace a story without --force', async () => {
    const { io, err } = memoryIo();
    expect(await storyCommand(['Failed Deploy.jsonl', '--name', 'deploy'], io, app)).toBe(0);
    readFileSync(join(app, 'src/sessions/deploy.stories.tsx'));
    readFileSync(join(app, 'tests/deploy.visual.spec.ts'));
    expect(await storyCommand(['Failed Deploy.jsonl', '--name', 'deploy'], io, app)).toBe(2);
    expect(err[0]).toBe('agentui story: src/sessions/deploy.stories.tsx and tests/deploy.visual.spec.ts already exist(s); pass --force to replace, or another --name');
    expect(await storyCommand(['Failed Deploy.jsonl', '--name', 'deploy', '--force'], io, app)).toBe(0);
  });

  it('refuses a file without events, and a missing file', async () => {
    writeFileSync(join(app, 'empty.jsonl'), '\n');
    const { io, err } = memoryIo();
    expect(await storyCommand(['empty.jsonl'], io, app)).toBe(1);
    expect(await storyCommand(['missing.jsonl'], io, app)).toBe(2);
    expect(err).toEqual(['agentui story: empty.jsonl holds no events', 'agentui story: cannot read missing.jsonl: ENOENT']);
  });
});
