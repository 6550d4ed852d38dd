#!/usr/bin/env node
// Runs the built CLI (npm run build writes dist/cli.js).
import('../dist/cli.js').catch((error) => {
  process.stderr.write(`agentui: the CLI is not built (run npm run build): ${error.message}\n`);
  process.exitCode = 2;
});
