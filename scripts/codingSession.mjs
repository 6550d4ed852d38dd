// The long, realistic fixture: a seven-turn coding session, a refactor told in
// scripts/codingSessionScript.mjs (reading files, a failing test, a diff, a passing run, a summary
// with a table and code). The expect file is derived from the scenario plan below by the SPEC's
// projection rules (final text wins, reasoning stays out of the answer, failures keep their
// category, a retry keeps the failed attempt ...). Tool durations agree with the timestamps.
import { FixtureStream } from './fixtureStream.mjs';
import { TOOL_MS, TURNS, progressLines } from './codingSessionScript.mjs';

/** Deterministic pseudo-random numbers (LCG), so the fixture is the same on every run. */
function rng(seed) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Splits text into streamed fragments of 6–14 characters. */
function fragments(random, text) {
  const parts = [];
  let i = 0;
  while (i < text.length) {
    const size = 6 + Math.floor(random() * 9);
    parts.push(text.slice(i, i + size));
    i += size;
  }
  return parts;
}

/** The six tools of every turn, in the order the agent calls them (reads, searches, edits, tests, diffs). */
const TOOL_ORDER = ['read_file', 'grep', 'list_dir', 'edit_file', 'run_tests', 'git_diff'];

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
  const failures = new Map([
    ['3:4', { failureCategory: 'process_exit', retryable: true, recoveryHint: 'Fix the failing assertion and rerun.', message: 'vitest exited with code 1: 1 failed, 2 passed' }],
    ['7:2', { failureCategory: 'permission_denied', retryable: false, recoveryHint: 'Grant read access to deploy/secrets, or leave deployment out of the summary.', message: "EACCES: permission denied, scandir 'deploy/secrets'" }],
  ]);

  const runTool = (turnId, k, j, extraIds = {}, forceFailure) => {
    toolN += 1;
    const name = TOOL_ORDER[j % TOOL_ORDER.length];
    const { args, preview: output } = TURNS[k - 1].tools[name];
    const ids = { turnId, stepId: `step-${toolN}`, toolCallId: `tc-${toolN}`, ...extraIds };
    const argsText = JSON.stringify(args);
    const started = Date.parse(s.ev('tool.started', ids, { toolName: name, safeArgs: args }).timestamp);
    const third = Math.ceil(argsText.length / 3);
    for (let i = 0; i < 3; i++) s.ev('tool.args', ids, { delta: argsText.slice(i * third, (i + 1) * third) });
    const [first, second] = progressLines(name, args);
    s.ev('tool.progress', ids, { progress: 0.33, delta: first });
    s.ev('tool.progress', ids, { progress: 0.66, delta: second });
    const failure = forceFailure ?? failures.get(`${k}:${j}`);
    // The tool runs this long on the fixture's clock: its durationMs is the time between its events.
    s.wait(failure?.failureCategory === 'timeout' ? 30_000 : TOOL_MS[name]);
    const durationMs = s.clock + s.stepMs - started;
    const row = { toolCallId: ids.toolCallId, name };
    if (failure) {
      s.ev('tool.failed', ids, { ...failure, outputRef: `output://${ids.toolCallId}`, durationMs });
      expect.tools.push({ ...row, status: 'failed', failureCategory: failure.failureCategory, outputRef: `output://${ids.toolCallId}` });
    } else if (j % 3 === 2) {
      // A large output (a recursive listing, a whole diff): a capped preview inline, the rest behind its ref.
      const sizeBytes = name === 'list_dir' ? 61_440 : 96_256;
      s.ev('tool.result', ids, { preview: output.slice(0, 1500), outputRef: `output://${ids.toolCallId}`, durationMs, sizeBytes });
      s.ev('output.spilled', ids, { outputRef: `output://${ids.toolCallId}`, sizeBytes });
      expect.tools.push({ ...row, status: 'succeeded', outputRef: `output://${ids.toolCallId}` });
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
    const prompt = script.prompt;
    s.ev('turn.submitted', t, { text: prompt, source: 'composer' });
    s.ev('turn.started', t);
    if (k === 1) {
      s.ev('task.profile.resolved', { ...t, taskId: 'task-session' }, { taskKind: 'coding' });
      s.ev('routing.decided', t, { selectedModel: 'gpt-5.4', candidateCount: 3, decisionSource: 'policy' });
      s.ev('cost.estimated', t, { costUsd: 1.2 });
    }
    s.ev('run.status', t, { stage: 'preparing' });
    s.ev('model.requested', t, { model: 'gpt-5.4' });
    const reasoning = script.reasoning;
    for (const delta of fragments(random, reasoning)) s.ev('reasoning.delta', t, { delta });
    s.ev('run.status', t, { stage: 'acting' });

    let answer = '';
    const streamAnswer = (text) => {
      for (const delta of fragments(random, text)) s.ev('model.delta', t, { delta });
      answer += text;
    };
    streamAnswer(script.intro);

    for (let j = 0; j < 6; j++) {
      if (k === 3 && j === 3) {
        // An approval before editing package.json.
        s.ev('action.required', { ...t, actionId: 'action-pkg' }, {
          actionType: 'tool_permission',
          toolName: 'edit_file',
          decisionKind: 'allow_or_deny',
          severity: 'high',
          prompt: 'Allow edit_file to add a test:retry script to package.json?',
          scope: { path: 'package.json' },
        });
        s.wait(3000);
        s.ev('action.resolved', { ...t, actionId: 'action-pkg' }, { decision: 'allow' });
        expect.actions.push({ actionId: 'action-pkg', status: 'resolved', decision: 'allow' });
      }
      if (k === 5 && j === 0) {
        const task = { ...t, taskId: 'task-fix' };
        s.ev('task.created', task, { objective: 'Make the retry test deterministic on CI', title: 'Fix the flaky retry test' });
        s.ev('task.started', task);
        s.ev('task.attempt.started', { ...task, runId: 'run-fix-1', attemptId: 'attempt-1' });
        runTool(turnId, k, 4, { taskId: 'task-fix', runId: 'run-fix-1' }, { failureCategory: 'timeout', retryable: true, message: 'tests timed out after 30 s' });
        s.ev('task.attempt.failed', { ...task, runId: 'run-fix-1', attemptId: 'attempt-1' }, { status: 'failed', failureCategory: 'tool_failed', retryable: true });
        s.ev('task.retrying', task);
        s.ev('task.attempt.started', { ...task, runId: 'run-fix-2', attemptId: 'attempt-2' });
        runTool(turnId, k, 4, { taskId: 'task-fix', runId: 'run-fix-2' });
        s.ev('task.attempt.completed', { ...task, runId: 'run-fix-2', attemptId: 'attempt-2' }, { status: 'completed' });
        s.ev('task.completed', task);
        expect.tasks.push({ taskId: 'task-fix', status: 'completed', attempts: [{ runId: 'run-fix-1', status: 'failed' }, { runId: 'run-fix-2', status: 'completed' }] });
      }
      const ids = runTool(turnId, k, j);
      if (k === 2 && j === 3) {
        s.ev('artifact.changed', { ...t, artifactId: 'art-patch', toolCallId: ids.toolCallId }, { kind: 'code', status: 'ready', title: 'retry-refactor.patch', versionId: 'v1', readRef: 'artifact://art-patch/v1' });
      }
      if (k === 3 && j === 4) {
        s.ev('evidence.changed', { ...t, evidenceId: 'ev-test-failure', toolCallId: ids.toolCallId }, { status: 'recorded', replayRef: `replay://sess-coding/${ids.toolCallId}` });
      }
      if (k === 4 && j === 3) {
        s.ev('artifact.changed', { ...t, artifactId: 'art-patch', toolCallId: ids.toolCallId }, { status: 'ready', versionId: 'v2', diffRef: 'artifact://art-patch/v1..v2/diff', readRef: 'artifact://art-patch/v2' });
      }
      if (j === 1 || j === 4) streamAnswer(script.notes[j === 1 ? 0 : 1]);
    }

    if (k === 4) {
      const sub = { ...t, subagentId: 'sub-tests' };
      s.ev('subagent.spawned', { ...sub, taskId: 'task-tests' }, { role: 'test-runner', parentTaskId: 'task-session', title: 'Run the full suite' });
      s.ev('subagent.status', sub, { status: 'running' });
      for (const delta of fragments(random, 'Running 214 tests in 3 workers. ')) s.ev('model.delta', sub, { delta });
      runTool(turnId, k, 4, { subagentId: 'sub-tests' });
      s.ev('subagent.completed', sub, { summary: '214 tests passed in 3 workers' });
      s.ev('subagent.closed', sub);
      expect.subagents.push({ subagentId: 'sub-tests', role: 'test-runner', parentTaskId: 'task-session', status: 'completed' });
    }
    if (k === 6) {
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
    }

    streamAnswer(script.closing);
    s.ev('model.completed', t, { text: answer });
    s.ev('cost.recorded', t, { costUsd: 0.11, inputTokens: 5000, outputTokens: 900 });
    s.ev('turn.completed', t);
    s.ev('snapshot.updated', t, { snapshotRef: `snapshot://sess-coding/${turnId}` });

    expect.turns.push({ turnId, status: 'completed' });
    expect.messages.push({ messageId: `${turnId}:user`, turnId, role: 'user', text: prompt, final: true });
    expect.messages.push({ messageId: `${turnId}:assistant`, turnId, role: 'assistant', text: answer, final: true });
    expect.reasoning.push({ turnId, text: reasoning });
  }
  expect.artifacts.push({ artifactId: 'art-patch', kind: 'code', status: 'ready', versionId: 'v2', toolCallId: 'tc-10' });
  expect.evidence.push(
    { evidenceId: 'ev-test-failure', status: 'recorded', replayRef: 'replay://sess-coding/tc-17' },
    { evidenceId: 'ev-session', status: 'exported', packRef: 'evidence://sess-coding/pack', replayRef: 'replay://sess-coding', reviewRef: 'review://sess-coding' },
  );
  return { stream: s, expect };
}
