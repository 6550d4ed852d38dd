// `agentui story`: a recorded session becomes a story in the app's own Storybook (playback and
// final state, through agentui-kit/storybook) and a Playwright visual test of it (through
// agentui-kit/playwright), written into the app's repository beside its own stories and tests.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { summarize } from '../store/selectors/summarize';
import { replayText } from '../stream/replayText';
import type { CliIo } from './cliIo';

export const STORY_USAGE = `  agentui story <file.jsonl> [--name checkout] [--title Sessions/checkout] [--stories src/sessions] [--tests tests] [--force]
                                     add a recorded session to the app's Storybook (playback + final state) and a
                                     Playwright visual test of its final state, in the current folder's app`;

/** What `story` was asked to do. */
export interface StoryArgs {
  file: string;
  name?: string;
  title?: string;
  stories?: string;
  tests?: string;
  force: boolean;
}

/** Parses `story` arguments; a message instead of throwing on a bad one. */
export function parseStoryArgs(args: readonly string[]): StoryArgs | { error: string } {
  const out: StoryArgs = { file: '', force: false };
  const values: Record<string, 'name' | 'title' | 'stories' | 'tests'> = { '--name': 'name', '--title': 'title', '--stories': 'stories', '--tests': 'tests' };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--force') out.force = true;
    else if (Object.prototype.hasOwnProperty.call(values, arg)) {
      const value = args[++i];
      if (value === undefined || value === '') return { error: `${arg} takes a value` };
      out[values[arg]!] = value;
    } else if (arg.startsWith('--')) return { error: `unknown flag ${arg}` };
    else if (out.file === '') out.file = arg;
    else return { error: `unexpected argument ${arg}` };
  }
  if (out.file === '') return { error: 'story needs a recorded session (file.jsonl)' };
  return out;
}

/** A name usable in file names and story ids: lower case letters, digits and dashes. */
export const storySlug = (text: string): string =>
  text
    .toLowerCase()
    .replace(/\.jsonl$/, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'session';

/** Storybook's id of a title: the same sanitizing Storybook applies (`Sessions/Checkout` → `sessions-checkout`). */
const storyIdOf = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');

/** The first folder of the app's Storybook `stories` globs (`'../src/**\/*.stories.tsx'` → `src`), else `src`. */
function storiesRoot(app: string): string {
  const dir = join(app, '.storybook');
  const main = existsSync(dir) ? readdirSync(dir).find((f) => /^main\.(?:[cm]?[jt]s)$/.test(f)) : undefined;
  const glob = main ? /['"]\.\.\/([^'"*]+?)\/(?:\*\*|[^'"/]*\*)/.exec(readFileSync(join(dir, main), 'utf8')) : null;
  return glob?.[1] ?? 'src';
}

/** Playwright's `testDir` from the app's config, else `tests` (what `npm init playwright` chooses). */
function testsRoot(app: string): string {
  const config = readdirSync(app).find((f) => /^playwright\.config\.(?:[cm]?[jt]s)$/.test(f));
  const match = config ? /testDir:\s*['"]\.?\/?([^'"]+)['"]/.exec(readFileSync(join(app, config), 'utf8')) : null;
  return match?.[1] ?? 'tests';
}

const importPath = (from: string, to: string) => {
  const path = relative(dirname(from), to).split(sep).join('/');
  return path.startsWith('.') ? path : `./${path}`;
};

function storyFile(title: string, id: string, fixture: string, source: string): string {
  return `// Added by \`agentui story\` from ${source}: the recorded session in this app's Storybook.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { FixtureStory } from 'agentui-kit/storybook';
import 'agentui-kit/styles.css';
import text from '${fixture}?raw';

const meta = {
  title: ${JSON.stringify(title)},
  id: ${JSON.stringify(id)},
  component: FixtureStory,
  args: { text, mode: 'final' },
  argTypes: { text: { control: false } },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof FixtureStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The session on its recorded clock: play, pause, step, speed and a scrubber. */
export const Playback: Story = { args: { mode: 'playback' } };

/** Every event applied: what the visual test compares. */
export const FinalState: Story = { args: { mode: 'final' } };
`;
}

function specFile(id: string, source: string): string {
  return `// Added by \`agentui story\` from ${source}: a visual test of the recorded session's final state.
// Take the baselines once with --update-snapshots=missing and commit them; a change in what the
// session shows (a label, a layout, a fact) fails here until you look at it and update them.
import { test } from '@playwright/test';
import { fixtureStoryTests } from 'agentui-kit/playwright';

fixtureStoryTests(test, { id: ${JSON.stringify(id)} });
`;
}

/** Runs `agentui story` in `cwd` (the app's folder) and resolves to its exit code: 0 added, 1 the session is unusable, 2 usage or file error. */
export async function storyCommand(argv: readonly string[], io: CliIo, cwd: string = process.cwd()): Promise<number> {
  const args = parseStoryArgs(argv);
  if ('error' in args) {
    io.err(`agentui story: ${args.error}\nusage:\n${STORY_USAGE}`);
    return 2;
  }
  const source = resolve(cwd, args.file);
  let text: string;
  try {
    text = readFileSync(source, 'utf8');
  } catch (error) {
    io.err(`agentui story: cannot read ${args.file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
    return 2;
  }
  const summary = summarize(replayText(text).store.getState());
  if (summary.counts.received === 0) {
    io.err(`agentui story: ${args.file} holds no events`);
    return 1;
  }
  const name = storySlug(args.name ?? basename(args.file));
  const title = args.title ?? `Sessions/${name}`;
  const id = storyIdOf(title);
  const storiesDir = resolve(cwd, args.stories ?? join(storiesRoot(cwd), 'sessions'));
  const fixture = join(storiesDir, `${name}.jsonl`);
  const story = join(storiesDir, `${name}.stories.tsx`);
  const spec = join(resolve(cwd, args.tests ?? testsRoot(cwd)), `${name}.visual.spec.ts`);
  const taken = [story, spec].filter((path) => existsSync(path));
  if (taken.length > 0 && !args.force) {
    io.err(`agentui story: ${taken.map((p) => relative(cwd, p)).join(' and ')} already exist(s); pass --force to replace, or another --name`);
    return 2;
  }
  try {
    mkdirSync(storiesDir, { recursive: true });
    mkdirSync(dirname(spec), { recursive: true });
    if (fixture !== source) copyFileSync(source, fixture);
    writeFileSync(story, storyFile(title, id, importPath(story, fixture), relative(cwd, source) || basename(source)));
    writeFileSync(spec, specFile(id, relative(cwd, source) || basename(source)));
  } catch (error) {
    io.err(`agentui story: cannot write: ${(error as NodeJS.ErrnoException).message}`);
    return 2;
  }
  const shown = (path: string) => relative(cwd, path).split(sep).join('/');
  io.out(`added the recorded session ${name} (${summary.counts.received} events, status ${summary.status}${summary.stale ? ', stale' : ''}):`);
  io.out(`  ${shown(fixture)}`);
  io.out(`  ${shown(story)}   Storybook: ${title} (Playback, Final state)`);
  io.out(`  ${shown(spec)}   Playwright: a screenshot of ${id}--final-state`);
  io.out('take the baselines once, look at them, and commit them:');
  io.out(`  npx storybook build && npx playwright test ${shown(spec)} --update-snapshots=missing`);
  return 0;
}
