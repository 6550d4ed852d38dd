// The long, realistic fixture: a seven-turn coding session, a refactor told in
// scripts/codingSessionScript.mjs (reading files, a failing test, a diff, a passing run, a summary
// with a table and code). Each turn is its own steps: text, then the tool calls made together (one
// group in the thread), then text again. The expect file is derived from the scenario plan below by
// the SPEC's projection rules (final text wins, reasoning stays out of the answer, failures keep
// their category, a retry keeps the failed attempt ...). Tool durations agree with the timestamps.
import { FixtureStream } from './fixtureStream.mjs';
import { FLAKY_ATTEMPTS, PATCH, SUITE_RUN, TOOL_MS, TURNS, progressLines } from './codingSessionScript.mjs';

/** Deterministic pseudo-random numbers (LCG), so the fixture is the same on every run. */
function rng(seed) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Splits text into streamed fragments of 4–10 characters. */
function fragments(random, text) {
  const parts = [];
  let i = 0;
  while (i < text.length) {
    const size = 4 + Math.floor(random() * 7);
    parts.push(text.slice(i, i + size));
    i += size;
  }
  return parts;
}

export function buildCodingSession() {
  const random = rng(20260609);
  const s = new FixtureStream('coding-session', { sessionId: 'sess-coding', prefix: 'cs', stepMs: 120 });
  const expect = {
    sessionId: 'sess-coding',
    status: 'completed',
    stale: false,
    counts: { duplicates: 0, reordered: 0, invalid: 0, unknownType: 0, late: 0, pending: 0 },
    turns: [],
    messages: [],
    reasoning: [],
    tools: [],
    actions: [],
    artifacts: [],
    evidence: [],
    tasks: [],
    subagents: [],
    routing: { selectedModel: 'gpt-5.4', candidateCount: 3, decisionSource: 'policy' },
    diagnostics: [],
  };
  let toolN = 0;
  let patchToolCallId;

  /** One tool call from started to its result, failure (with its output behind a ref) or a large output behind its ref. */
  const runTool = (turnId, tool, extraIds = {}) => {
    toolN += 1;
    const { name, args, preview: output = '', failure, large, approval } = tool;
    const ids = { turnId, stepId: `step-${toolN}`, toolCallId: `tc-${toolN}`, ...extraIds };
    const argsText = JSON.stringify(args);
    const started = Date.parse(s.ev('tool.started', ids, { toolName: name, safeArgs: args }).timestamp);
    const third = Math.ceil(argsText.length / 3);
    for (let i = 0; i < 3; i++) s.ev('tool.args', ids, { delta: argsText.slice(i * third, (i + 1) * third) });
    if (approval) {
      // The runtime asks before the call runs and names the call it gates: the answer shows on its row.
      const action = { turnId, actionId: `action-${toolN}`, toolCallId: ids.toolCallId };
      s.ev('action.required', action, { actionType: 'tool_permission', toolName: name, decisionKind: 'allow_or_deny', severity: 'high', ...approval });
      s.wait(3000);
      s.ev('action.resolved', action, { decision: 'allow', respondedBy: 'user' });
      expect.actions.push({ actionId: action.actionId, status: 'resolved', decision: 'allow' });
    }
    const [first, second] = progressLines(name, args);
    s.ev('tool.progress', ids, { progress: 0.33, delta: first });
    s.ev('tool.progress', ids, { progress: 0.66, delta: second });
    // The tool runs this long on the fixture's clock: its durationMs is the time between its events.
    s.wait(tool.ms ?? TOOL_MS[name]);
    const durationMs = s.clock + s.stepMs - started;
    const row = { toolCallId: ids.toolCallId, name };
    const outputRef = `output://${ids.toolCallId}`;
    if (failure) {
      s.ref(outputRef, output || failure.message);
      s.ev('tool.failed', ids, { ...failure, ...(output && { preview: output }), outputRef, durationMs });
      expect.tools.push({ ...row, status: 'failed', failureCategory: failure.failureCategory, outputRef });
    } else if (large) {
      // A large output (a whole diff, a recursive listing): a capped preview inline, the rest behind its ref.
      const sizeBytes = 96_256;
      s.ref(outputRef, output);
      s.ev('tool.result', ids, { preview: output.slice(0, 1500), outputRef, durationMs, sizeBytes });
      s.ev('output.spilled', ids, { outputRef, sizeBytes });
      expect.tools.push({ ...row, status: 'succeeded', outputRef });
    } else {
      s.ev('tool.result', ids, { preview: output, durationMs });
      expect.tools.push({ ...row, status: 'succeeded' });
    }
    return ids;
  };

  for (let k = 1; k <= TURNS.length; k++) {
    const turnId = `turn-${k}`;
    const t = { turnId };
    const script = TURNS[k - 1];
    s.ev('turn.submitted', t, { text: script.prompt, source: 'composer' });
    s.ev('turn.started', t);
    if (k === 1) {
      s.ev('task.profile.resolved', { ...t, taskId: 'task-session' }, { taskKind: 'coding' });
      s.ev('routing.decided', t, { selectedModel: 'gpt-5.4', candidateCount: 3, decisionSource: 'policy' });
      s.ev('cost.estimated', t, { costUsd: 1.2 });
    }
    s.ev('run.status', t, { stage: 'preparing' });
    s.ev('model.requested', t, { model: 'gpt-5.4' });
    for (const delta of fragments(random, script.reasoning)) s.ev('reasoning.delta', t, { delta });
    s.ev('run.status', t, { stage: 'acting' });

    let answer = '';
    const say = (text) => {
      for (const delta of fragments(random, text)) s.ev('model.delta', t, { delta });
      answer += text;
    };

    for (const step of script.steps) {
      say(step.say);
      for (const tool of step.tools ?? []) {
        const ids = runTool(turnId, tool);
        if (tool.patch === 'v1') {
          patchToolCallId = ids.toolCallId;
          s.ref('artifact://art-patch/v1', PATCH.v1);
          s.ev('artifact.changed', { ...t, artifactId: 'art-patch', toolCallId: ids.toolCallId }, { kind: 'diff', status: 'ready', title: 'retry-refactor.patch', versionId: 'v1', readRef: 'artifact://art-patch/v1' });
        }
        if (tool.patch === 'v2') {
          s.ref('artifact://art-patch/v2', PATCH.v2);
          s.ref('artifact://art-patch/v1..v2/diff', PATCH.diff);
          s.ev('artifact.changed', { ...t, artifactId: 'art-patch', toolCallId: ids.toolCallId }, { status: 'ready', versionId: 'v2', diffRef: 'artifact://art-patch/v1..v2/diff', readRef: 'artifact://art-patch/v2' });
        }
        if (tool.evidence) {
          s.ev('evidence.changed', { ...t, evidenceId: tool.evidence, toolCallId: ids.toolCallId }, { status: 'recorded', replayRef: `replay://sess-coding/${ids.toolCallId}` });
          expect.evidence.push({ evidenceId: tool.evidence, status: 'recorded', replayRef: `replay://sess-coding/${ids.toolCallId}` });
        }
      }
      if (step.subagent) {
        const sub = { ...t, subagentId: 'sub-tests' };
        s.ev('subagent.spawned', { ...sub, taskId: 'task-tests' }, { role: 'test-runner', parentTaskId: 'task-session', title: 'Run the full suite' });
        s.ev('subagent.status', sub, { status: 'running' });
        for (const delta of fragments(random, 'Running 214 tests in 3 workers. ')) s.ev('model.delta', sub, { delta });
        runTool(turnId, SUITE_RUN, { subagentId: 'sub-tests' });
        s.ev('subagent.completed', sub, { summary: '214 tests passed in 3 workers' });
        s.ev('subagent.closed', sub);
        expect.subagents.push({ subagentId: 'sub-tests', role: 'test-runner', parentTaskId: 'task-session', status: 'completed' });
      }
      if (step.task) {
        const task = { ...t, taskId: 'task-fix' };
        s.ev('task.created', task, { objective: 'Make the retry test deterministic on CI', title: 'Fix the flaky retry test' });
        s.ev('task.started', task);
        const [slow, edit, pass] = FLAKY_ATTEMPTS;
        s.ev('task.attempt.started', { ...task, runId: 'run-fix-1', attemptId: 'attempt-1' });
        runTool(turnId, slow, { taskId: 'task-fix', runId: 'run-fix-1' });
        s.ev('task.attempt.failed', { ...task, runId: 'run-fix-1', attemptId: 'attempt-1' }, { status: 'failed', failureCategory: 'tool_failed', retryable: true });
        s.ev('task.retrying', task);
        s.ev('task.attempt.started', { ...task, runId: 'run-fix-2', attemptId: 'attempt-2' });
        say('With fake timers the test no longer waits in real time. ');
        runTool(turnId, edit, { taskId: 'task-fix', runId: 'run-fix-2' });
        runTool(turnId, pass, { taskId: 'task-fix', runId: 'run-fix-2' });
        s.ev('task.attempt.completed', { ...task, runId: 'run-fix-2', attemptId: 'attempt-2' }, { status: 'completed' });
        s.ev('task.completed', task);
        expect.tasks.push({ taskId: 'task-fix', status: 'completed', attempts: [{ runId: 'run-fix-1', status: 'failed' }, { runId: 'run-fix-2', status: 'completed' }] });
      }
      if (step.exports) {
        s.ev('artifact.changed', { ...t, artifactId: 'art-patch' }, { exportStatus: 'exported', exportRef: 'export://art-patch/v2.patch' });
        s.ev('evidence.changed', { ...t, evidenceId: 'ev-session' }, {
          status: 'exported',
          packRef: 'evidence://sess-coding/pack',
          replayRef: 'replay://sess-coding',
          reviewRef: 'review://sess-coding',
          verificationOutcomes: [
            { name: 'unit_tests', status: 'passed' },
            { name: 'typecheck', status: 'passed' },
          ],
        });
        expect.evidence.push({ evidenceId: 'ev-session', status: 'exported', packRef: 'evidence://sess-coding/pack', replayRef: 'replay://sess-coding', reviewRef: 'review://sess-coding' });
      }
    }

    say(script.closing);
    s.ev('model.completed', t, { text: answer });
    s.ev('cost.recorded', t, { costUsd: 0.11, inputTokens: 5000, outputTokens: 900 });
    s.ev('turn.completed', t);
    s.ev('snapshot.updated', t, { snapshotRef: `snapshot://sess-coding/${turnId}` });

    expect.turns.push({ turnId, status: 'completed' });
    expect.messages.push({ messageId: `${turnId}:user`, turnId, role: 'user', text: script.prompt, final: true });
    expect.messages.push({ messageId: `${turnId}:assistant`, turnId, role: 'assistant', text: answer, final: true });
    expect.reasoning.push({ turnId, text: script.reasoning });
  }
  expect.artifacts.push({ artifactId: 'art-patch', kind: 'diff', status: 'ready', versionId: 'v2', toolCallId: patchToolCallId });
  return { stream: s, expect };
}
