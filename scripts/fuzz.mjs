#!/usr/bin/env node
// The seeded fuzz campaign (issues 10 and 13): mutated streams from every fixture through the
// headless store, checking no throw, no hang, no prototype pollution, apply-twice = once, repair =
// uncut, no terminal regression. Usage: node scripts/fuzz.mjs [--seed N] [--streams N] [--no-check-prev]
// (--streams is per fixture; default 10,000). Runs test/fuzz.test.ts under vitest with these settings.
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const value = (flag, fallback) => {
  const i = args.indexOf(flag);
  if (i < 0) return fallback;
  const parsed = Number(args[i + 1]);
  if (!Number.isSafeInteger(parsed) || parsed < 1) {
    console.error(`${flag} needs a positive integer`);
    process.exit(2);
  }
  return parsed;
};
const seed = value('--seed', 1);
const streams = value('--streams', 10_000);
const env = {
  ...process.env,
  AGENTUI_FUZZ_SEED: String(seed),
  AGENTUI_FUZZ_STREAMS: String(streams),
  ...(args.includes('--no-check-prev') && { AGENTUI_FUZZ_CHECK_PREV: '0' }),
};
console.log(`fuzz: seed ${seed}, ${streams} mutated streams per fixture`);
const result = spawnSync('npx', ['vitest', 'run', '--project', 'unit*', 'test/fuzz.test.ts'], { env, stdio: 'inherit' });
process.exit(result.status ?? 1);
