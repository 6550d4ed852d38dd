import { runCli } from './agentui';

process.exitCode = runCli(process.argv.slice(2));
