import type { Meta, StoryObj } from '@storybook/react-vite';
import { ToolCall, ToolGroup, ToolRun } from '../../src/components/ToolCall';
import { Cell, Matrix } from '../support/Cell';
import { storyEvents } from '../support/storyEvents';

const ids = { turnId: 'turn-1', stepId: 'step-1', toolCallId: 'tc-1' };

function states() {
  const ev = () => storyEvents();
  const started = (e: ReturnType<typeof storyEvents>) => e('tool.started', ids, { toolName: 'run_tests', safeArgs: { command: 'npx vitest run', workers: 2 } });
  return {
    'Running, its input still arriving': (() => { const e = ev(); return [e('tool.started', ids, { toolName: 'read_file' }), e('tool.args', ids, { delta: '{"path":"src/sto' })]; })(),
    'Running tests, with progress': (() => { const e = ev(); return [started(e), e('tool.progress', ids, { progress: 0.6, message: '128 of 214 tests', delta: 'PASS src/store.test.ts\n' })]; })(),
    'Succeeded: one line': (() => { const e = ev(); return [started(e), e('tool.result', ids, { preview: '214 passed', outputRef: 'output://tc-1', durationMs: 5400 })]; })(),
    'Failed: what happened and what to do': (() => { const e = ev(); return [started(e), e('tool.failed', ids, { failureCategory: 'process_exit', retryable: true, recoveryHint: 'Fix the failing assertion and rerun.', message: 'exited with code 1', outputRef: 'output://tc-1', durationMs: 5100 })]; })(),
    'Permission denied': (() => { const e = ev(); return [started(e), e('tool.failed', ids, { failureCategory: 'permission_denied', retryable: false, message: "EACCES: permission denied, open 'coverage/lcov.info'", recoveryHint: 'Give the test runner write access to coverage/, or run it without coverage.' })]; })(),
    'A large output, kept behind its ref': (() => { const e = ev(); return [started(e), e('tool.result', ids, { preview: 'x'.repeat(3000), outputRef: 'output://tc-1', durationMs: 300 }), e('output.spilled', ids, { outputRef: 'output://tc-1', sizeBytes: 480000 })]; })(),
    'The runtime did not name the tool': (() => { const e = ev(); return [e('tool.started', ids, {})]; })(),
    'Waiting for your approval, on the row': (() => {
      const e = ev();
      return [e('tool.started', ids, { toolName: 'write_file', safeArgs: { path: 'README.md' } }), e('action.required', { ...ids, actionId: 'a1' }, { actionType: 'tool_permission', decisionKind: 'allow_or_deny', severity: 'high', prompt: 'Allow write_file to update README.md?', scope: { path: 'README.md' } })];
    })(),
    'Approved by you, then succeeded': (() => {
      const e = ev();
      return [
        e('tool.started', ids, { toolName: 'write_file', safeArgs: { path: 'README.md' } }),
        e('action.required', { ...ids, actionId: 'a1' }, { decisionKind: 'allow_or_deny', severity: 'high', prompt: 'Allow write_file to update README.md?' }),
        e('action.resolved', { ...ids, actionId: 'a1' }, { decision: 'allow', respondedBy: 'user' }),
        e('tool.result', ids, { preview: 'wrote 1 file', durationMs: 40 }),
      ];
    })(),
    'A long output: capped, with Show more': (() => { const e = ev(); return [started(e), e('tool.result', ids, { preview: Array.from({ length: 40 }, (_, i) => `✓ test ${i + 1} passed`).join('\n'), durationMs: 5400 })]; })(),
  };
}

const meta = {
  title: 'Surfaces/ToolCall',
  component: ToolCall,
  tags: ['autodocs'],
  args: { toolCallId: 'tc-1' },
  parameters: { docs: { description: { component: 'A tool row: name, safe input summary (streaming args as they arrive), progress, duration, capped output preview with "open full output" from its ref, and typed failure. Running rows are open; finished rows collapse. `ToolGroup` lists rows.' } } },
} satisfies Meta<typeof ToolCall>;
export default meta;
type Story = StoryObj<typeof meta>;

export const StateMatrix: Story = {
  render: () => (
    <Matrix label="Every tool row state">
      {Object.entries(states()).map(([caption, events]) => (
        <Cell key={caption} caption={caption} events={events}>
          {/* The states named after an output are shown open, where the output is. */}
          <ToolCall toolCallId="tc-1" onOpenOutput={() => undefined} defaultOpen={/output/.test(caption) || undefined} />
        </Cell>
      ))}
    </Matrix>
  ),
};

export const Group: Story = {
  render: () => {
    const e = storyEvents();
    const row = (n: number) => ({ turnId: 'turn-1', stepId: `s${n}`, toolCallId: `tc-${n}` });
    const events = [
      e('tool.started', row(1), { toolName: 'read_file', safeArgs: { path: 'README.md' } }),
      e('tool.result', row(1), { preview: '# AgentUI', durationMs: 12 }),
      e('tool.started', row(2), { toolName: 'grep', safeArgs: { pattern: 'ingest' } }),
      e('tool.failed', row(2), { failureCategory: 'timeout', retryable: true }),
      e('tool.started', row(3), { toolName: 'edit_file', safeArgs: { path: 'src/a.ts' } }),
      e('tool.progress', row(3), { progress: 0.3 }),
    ];
    return (
      <Matrix label="Tool group">
        <Cell caption="The Tools lane: succeeded, failed, still running" events={events}>
          <ToolGroup />
        </Cell>
      </Matrix>
    );
  },
};

/** Consecutive calls of one step under a summary line: collapsed when all succeeded, open when one failed. */
export const Runs: Story = {
  render: () => {
    const e = storyEvents();
    const row = (n: number) => ({ turnId: 'turn-1', stepId: `s${n}`, toolCallId: `tc-${n}` });
    const names = ['read_file', 'grep', 'list_dir', 'edit_file', 'run_tests', 'git_diff'];
    const events = names.flatMap((name, i) => [
      e('tool.started', row(i + 1), { toolName: name, safeArgs: { path: `src/${name}.ts` } }),
      i === 4 ? e('tool.failed', row(i + 1), { failureCategory: 'process_exit', message: '1 test failed', recoveryHint: 'Fix the assertion in src/store.test.ts.' }) : e('tool.result', row(i + 1), { preview: 'ok', durationMs: 20 + i * 10 }),
    ]);
    return (
      <Matrix label="Tool runs">
        <Cell caption="A step that read, searched and listed: one line" events={events}>
          <ToolRun toolCallIds={['tc-1', 'tc-2', 'tc-3']} />
        </Cell>
        <Cell caption="A step with a failed test run: open, the failure shown" events={events}>
          <ToolRun toolCallIds={names.map((_, i) => `tc-${i + 1}`)} />
        </Cell>
      </Matrix>
    );
  },
};

/** The parts, composed by the app: a compact row with its own element for the name. */
export const Primitives: Story = {
  render: () => {
    const e = storyEvents();
    const events = [e('tool.started', ids, { toolName: 'run_tests', safeArgs: { command: 'npm test' } }), e('tool.result', ids, { preview: '214 passed', durationMs: 5400 })];
    return (
      <Matrix label="ToolCall primitives">
        <Cell caption="Your own row layout, built from the same parts" events={events}>
          <ToolCall.Root toolCallId="tc-1" defaultOpen asChild>
            <section>
              <ToolCall.Header>
                <ToolCall.Name asChild>
                  <strong />
                </ToolCall.Name>{' '}
                <ToolCall.Status />
              </ToolCall.Header>
              <ToolCall.Body>
                <ToolCall.Output />
              </ToolCall.Body>
            </section>
          </ToolCall.Root>
        </Cell>
      </Matrix>
    );
  },
};
