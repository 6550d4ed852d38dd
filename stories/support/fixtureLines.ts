// The recorded-lines helpers moved into the kit (agentui-kit/storybook plays fixtures with them).
export { deliverMalformedAsDiagnostics, fixtureLines, isMalformed, type MalformedLine } from '../../src/stream/recordedLines';
