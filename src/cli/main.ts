import { runCli } from './agentui';

void Promise.resolve(runCli(process.argv.slice(2))).then((code) => {
  process.exitCode = code;
});
