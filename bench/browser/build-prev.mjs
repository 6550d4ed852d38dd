// Builds the previous release's Storybook with today's bench scenes in it, for
// `npm run bench:browser -- --prev <dir>/storybook-static`: the same scenes, the old kit code.
// Usage: node bench/browser/build-prev.mjs [--commit 6e88e4c] [--dir <tmpdir>/agentui-prev]
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const argv = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : fallback;
};
// The main branch before issue 14's pin fix.
const commit = flag('--commit', '6e88e4c');
const dir = resolve(flag('--dir', join(tmpdir(), 'agentui-prev')));
const run = (cmd, args, cwd) => execFileSync(cmd, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });

if (!existsSync(join(dir, 'package.json'))) {
  mkdirSync(dir, { recursive: true });
  // A plain export of the commit's tree: no worktree to register or clean up.
  execFileSync('sh', ['-c', `git archive ${commit} | tar -x -C "${dir}"`], { stdio: 'inherit' });
}
// Hard links: the same installed packages at no copy cost.
if (!existsSync(join(dir, 'node_modules'))) run('cp', ['-al', resolve('node_modules'), join(dir, 'node_modules')]);
// Today's scenes (and their peers) over the old kit code.
for (const path of ['stories/behaviour/Bench.stories.tsx', 'stories/behaviour/bench']) cpSync(path, join(dir, path), { recursive: true });
run('node', ['scripts/fixture-stories.mjs'], dir);
run('npx', ['storybook', 'build', '--quiet', '--output-dir', 'storybook-static'], dir);
console.log(join(dir, 'storybook-static'));
