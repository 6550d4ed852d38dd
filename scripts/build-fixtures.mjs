// Writes the scenario fixtures in fixtures/. Run: node scripts/build-fixtures.mjs
// The small fixtures' expect files are written by hand from the SPEC; coding-session's expect file
// is written here from the scenario plan (what the spec says the plan must project to), never from
// running the kit.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FixtureStream } from './fixtureStream.mjs';
import { buildCodingSession } from './codingSession.mjs';

const dir = fileURLToPath(new URL('../fixtures/', import.meta.url));
const tool = (turnId, n) => ({ turnId, stepId: `step-${n}`, toolCallId: `tc-${n}` });
const deltas = (s, ids, parts, type = 'model.delta') => parts.forEach((delta) => s.ev(type, ids, { delta }));

function textBasic() {
  const s = new FixtureStream('text-basic');
  const t = { turnId: 'turn-1' };
  s.ev('turn.submitted', t, { text: 'How is the kit built?', source: 'composer', status: 'accepted' });
  s.ev('turn.started', t);
  s.ev('run.status', t, { stage: 'preparing', detail: 'Assembling context' });
  s.ev('model.requested', t, { model: 'gpt-5.4' });
  s.ev('run.status', t, { stage: 'streaming' });
  deltas(s, t, ['The kit is built ', 'with Vite in ', 'library mode and ', 'ships ESM with types.']);
  s.ev('model.completed', t, { text: 'The kit is built with Vite in library mode and ships ESM with types.' });
  s.ev('turn.completed', t, { outcome: 'answered' });
  s.ev('snapshot.updated', t, { snapshotRef: 'snapshot://sess-text-basic/turn-1' });
  return s;
}

function toolSuccess() {
  const s = new FixtureStream('tool-success');
  const t = { turnId: 'turn-1' };
  s.ev('turn.submitted', t, { text: 'What does the README say about installing?' });
  s.ev('turn.started', t);
  s.ev('run.status', t, { stage: 'acting' });
  s.ev('model.requested', t);
  deltas(s, t, ['I should read ', 'the README first.'], 'reasoning.delta');
  s.ev('tool.started', tool('turn-1', 1), { toolName: 'read_file', safeArgs: { path: 'README.md' } });
  s.ev('tool.args', tool('turn-1', 1), { delta: '{"path":' });
  s.ev('tool.args', tool('turn-1', 1), { delta: '"README.md"}' });
  s.ev('tool.progress', tool('turn-1', 1), { progress: 0.5, message: 'reading' });
  s.ev('tool.result', tool('turn-1', 1), { preview: '# AgentUI\n\nRun npm install && npm start.', outputRef: 'output://tc-1', durationMs: 120 });
  deltas(s, t, ['Run `npm install` ', 'and then `npm start`.']);
  s.ev('model.completed', t, { text: 'Run `npm install` and then `npm start`.' });
  s.ev('turn.completed', t);
  s.ev('snapshot.updated', t, { snapshotRef: 'snapshot://sess-tool-success/turn-1' });
  return s;
}

function toolFailure() {
  const s = new FixtureStream('tool-failure');
  const t = { turnId: 'turn-1' };
  s.ev('turn.submitted', t, { text: 'Run the test suite.' });
  s.ev('turn.started', t);
  s.ev('model.requested', t);
  s.ev('tool.started', tool('turn-1', 1), { toolName: 'run_tests', safeArgs: { command: 'npm test' } });
  s.ev('tool.progress', tool('turn-1', 1), { progress: 0.4, delta: 'FAIL src/store.test.ts\n' });
  s.ev('tool.failed', tool('turn-1', 1), {
    failureCategory: 'process_exit',
    retryable: true,
    recoveryHint: 'Fix the failing assertion in src/store.test.ts and run again.',
    message: 'npm test exited with code 1',
    outputRef: 'output://tc-1',
    durationMs: 5400,
  });
  deltas(s, t, ['The tests failed: ', 'one assertion in the store suite.']);
  s.ev('model.completed', t, { text: 'The tests failed: one assertion in the store suite.' });
  s.ev('turn.failed', t, { failureCategory: 'tool_failed', retryable: true, recoveryHint: 'Retry after fixing the test.', message: 'run_tests failed' });
  s.ev('snapshot.updated', t, { snapshotRef: 'snapshot://sess-tool-failure/turn-1' });
  return s;
}

function hitlAction() {
  const s = new FixtureStream('hitl-action');
  const t = { turnId: 'turn-1' };
  s.ev('turn.submitted', t, { text: 'Update the README title.' });
  s.ev('turn.started', t);
  s.ev('model.requested', t);
  s.ev('tool.started', tool('turn-1', 1), { toolName: 'write_file', safeArgs: { path: 'README.md' } });
  s.ev('action.required', { ...t, actionId: 'action-write-1', toolCallId: 'tc-1' }, {
    actionType: 'tool_permission',
    toolName: 'write_file',
    decisionKind: 'allow_or_deny',
    severity: 'high',
    prompt: 'Allow write_file to update README.md?',
    scope: { path: 'README.md' },
    expiresAt: '2026-06-09T10:10:00.000Z',
  });
  s.wait(4000);
  s.ev('action.resolved', { ...t, actionId: 'action-write-1', toolCallId: 'tc-1' }, { decision: 'allow', respondedBy: 'user' });
  s.ev('tool.result', tool('turn-1', 1), { preview: 'wrote 1 file', durationMs: 40 });
  s.ev('action.required', { ...t, actionId: 'action-input-2' }, {
    actionType: 'structured_input',
    severity: 'medium',
    prompt: 'Which release channel?',
    schema: { type: 'object', properties: { channel: { type: 'string', enum: ['stable', 'beta'] } }, required: ['channel'] },
  });
  s.ev('action.resolved', { ...t, actionId: 'action-input-2' }, { status: 'expired' });
  deltas(s, t, ['README title updated.']);
  s.ev('model.completed', t, { text: 'README title updated.' });
  s.ev('turn.completed', t);
  return s;
}

const NOTES_V1 = `# Release notes 2.4

## Faster
- Long sessions open 3× faster: history loads in pages.

## Clearer
- Tool calls are grouped per step, with failures open.

## Fixed
- A stale stream now says the text may be incomplete.
`;
const NOTES_V2 = `# Release notes 2.4

## Faster
- Long sessions open 3× faster: history loads in pages.
- Streaming text no longer re-renders the whole thread.

## Clearer
- Tool calls are grouped per step, with failures open.
- Approvals sit on the tool call they gate.

## Fixed
- A stale stream now says the text may be incomplete.
`;
const NOTES_DIFF = `--- a/release-notes.md
+++ b/release-notes.md
@@ -3,7 +3,9 @@
 ## Faster
 - Long sessions open 3× faster: history loads in pages.
+- Streaming text no longer re-renders the whole thread.
 
 ## Clearer
 - Tool calls are grouped per step, with failures open.
+- Approvals sit on the tool call they gate.
 
 ## Fixed`;

function artifactEvidence() {
  const s = new FixtureStream('artifact-evidence');
  const t = { turnId: 'turn-1' };
  // What the runtime's artifact store serves for the refs below: each version and the change between them.
  s.ref('artifact://art-notes/v1/preview', NOTES_V1);
  s.ref('artifact://art-notes/v1', NOTES_V1);
  s.ref('artifact://art-notes/v2', NOTES_V2);
  s.ref('artifact://art-notes/v1..v2/diff', NOTES_DIFF);
  s.ev('turn.submitted', t, { text: 'Write the release notes.' });
  s.ev('turn.started', t);
  s.ev('model.requested', t);
  s.ev('tool.started', tool('turn-1', 1), { toolName: 'write_document', safeArgs: { title: 'Release notes' } });
  s.ev('tool.result', { ...tool('turn-1', 1), artifactId: 'art-notes' }, { preview: 'created release-notes.md', artifact: { kind: 'document', title: 'Release notes' }, durationMs: 300 });
  s.ev('artifact.changed', { ...t, artifactId: 'art-notes', toolCallId: 'tc-1' }, {
    kind: 'document',
    status: 'ready',
    title: 'Release notes',
    versionId: 'v1',
    previewRef: 'artifact://art-notes/v1/preview',
    readRef: 'artifact://art-notes/v1',
  });
  // Version 2 also carries its text inline: the card can show it without a loader.
  s.ev('artifact.changed', { ...t, artifactId: 'art-notes' }, { status: 'ready', versionId: 'v2', diffRef: 'artifact://art-notes/v1..v2/diff', readRef: 'artifact://art-notes/v2', preview: NOTES_V2 });
  s.ev('artifact.changed', { ...t, artifactId: 'art-notes' }, { exportStatus: 'exported', exportRef: 'export://art-notes/v2.pdf' });
  s.ev('evidence.changed', { ...t, evidenceId: 'ev-notes' }, {
    status: 'recorded',
    packRef: 'evidence://sess-artifact-evidence/turn-1',
    replayRef: 'replay://sess-artifact-evidence/turn-1',
    reviewRef: 'review://sess-artifact-evidence/turn-1',
    verificationOutcomes: [{ name: 'links_resolve', status: 'passed' }],
  });
  deltas(s, t, ['The release notes are ready ', 'in the artifact panel.']);
  s.ev('model.completed', t, { text: 'The release notes are ready in the artifact panel.' });
  s.ev('turn.completed', t);
  return s;
}

function streamRepair() {
  // Recorded in sequence order, delivered as a broken transport would: 5 before 4, 3 twice, and
  // 9–10 never arrive. stream-repair.snapshot.json is the read model that repairs it.
  const s = new FixtureStream('stream-repair');
  const t = { turnId: 'turn-1' };
  const e = [];
  e.push(s.ev('turn.submitted', t, { text: 'Summarize the changelog.' }));
  e.push(s.ev('turn.started', t));
  e.push(s.ev('model.requested', t));
  for (const delta of ['The changelog ', 'lists three ', 'fixes, ', 'one feature ', 'and two ', 'doc changes', ' in total', '.']) {
    e.push(s.ev('model.delta', t, { delta }));
  }
  e.push(s.ev('model.completed', t, { text: 'The changelog lists three fixes, one feature and two doc changes in total.' }));
  e.push(s.ev('turn.completed', t));
  e.push(s.ev('snapshot.updated', t, { snapshotRef: 'snapshot://sess-stream-repair/turn-1' }));
  const bySeq = new Map(e.map((ev) => [ev.sequence, ev]));
  const order = [1, 2, 3, 5, 4, 3, 6, 7, 8, 11, 12, 13, 14];
  s.lines = order.map((seq) => JSON.stringify(bySeq.get(seq)));
  return s;
}

function subagentHandoff() {
  const s = new FixtureStream('subagent-handoff');
  const t = { turnId: 'turn-1' };
  const sub = { turnId: 'turn-1', subagentId: 'sub-research', taskId: 'task-research' };
  s.ev('turn.submitted', t, { text: 'Find prior art for virtualized chat.' });
  s.ev('turn.started', t);
  s.ev('task.created', { ...t, taskId: 'task-main' }, { objective: 'Survey virtualized chat lists', title: 'Survey' });
  s.ev('task.started', { ...t, taskId: 'task-main' });
  s.ev('subagent.spawned', sub, { role: 'researcher', parentTaskId: 'task-main', title: 'Literature search' }, { parentThreadId: 'thread-1' });
  s.ev('subagent.status', sub, { status: 'running' });
  deltas(s, sub, ['Searching ', 'TanStack Virtual issues.']);
  s.ev('tool.started', { ...sub, stepId: 'step-s1', toolCallId: 'tc-s1' }, { toolName: 'web_search', safeArgs: { query: 'virtualized chat prepend' } });
  s.ev('tool.result', { ...sub, stepId: 'step-s1', toolCallId: 'tc-s1' }, { preview: '3 results', outputRef: 'output://tc-s1' });
  s.ev('artifact.changed', { ...sub, artifactId: 'art-survey' }, {
    kind: 'markdown',
    status: 'ready',
    title: 'Survey notes',
    versionId: 'v1',
    preview: '## Virtualized chat lists: three sources\n\n1. **TanStack Virtual, chat example**: measured rows, prepend without a jump by adjusting the scroll offset by the added height.\n2. **A bug report on sticky bottom**: a growing last row loses the pin unless the list re-scrolls after each measurement.\n3. **A talk on reverse lists**: rendering newest first with `flex-direction: column-reverse` keeps the bottom pinned for free, at the cost of keyboard order.',
  });
  s.ev('evidence.changed', { ...sub, evidenceId: 'ev-survey' }, { status: 'recorded', packRef: 'evidence://sub-research/survey' });
  s.ev('subagent.completed', sub, { summary: 'Three sources found' });
  s.ev('subagent.closed', sub);
  s.ev('task.completed', { ...t, taskId: 'task-main' });
  deltas(s, t, ['The researcher found ', 'three sources; see the survey notes.']);
  s.ev('model.completed', t, { text: 'The researcher found three sources; see the survey notes.' });
  s.ev('turn.completed', t);
  return s;
}

function taskRetry() {
  const s = new FixtureStream('task-retry');
  const t = { turnId: 'turn-1' };
  const task = { ...t, taskId: 'task-build' };
  s.ev('turn.submitted', t, { text: 'Build the package.' });
  s.ev('turn.started', t);
  s.ev('task.created', task, { objective: 'Build the package', title: 'Build' });
  s.ev('task.started', task);
  s.ev('task.attempt.started', { ...task, runId: 'run-1', attemptId: 'attempt-1' });
  s.ev('tool.started', { ...tool('turn-1', 1), taskId: 'task-build', runId: 'run-1' }, { toolName: 'run_build', safeArgs: { command: 'npm run build' } });
  // The timestamps agree with what the events say: the build ran 60 s before it timed out.
  s.wait(60_000 - 250);
  s.ev('tool.failed', { ...tool('turn-1', 1), taskId: 'task-build', runId: 'run-1' }, { failureCategory: 'timeout', retryable: true, message: 'build timed out after 60 s', recoveryHint: 'The runtime retries the build with a warm cache.', durationMs: 60_000 });
  s.ev('task.attempt.failed', { ...task, runId: 'run-1', attemptId: 'attempt-1' }, { status: 'failed', retryable: true, failureCategory: 'tool_failed', nextAttemptPolicy: 'policy_retry' });
  s.ev('task.retrying', task, { reason: 'policy_retry' });
  s.ev('task.attempt.started', { ...task, runId: 'run-2', attemptId: 'attempt-2' });
  s.ev('tool.started', { ...tool('turn-1', 2), taskId: 'task-build', runId: 'run-2' }, { toolName: 'run_build', safeArgs: { command: 'npm run build' } });
  s.wait(21_000 - 250);
  s.ev('tool.result', { ...tool('turn-1', 2), taskId: 'task-build', runId: 'run-2' }, { preview: 'built in 21 s', durationMs: 21000 });
  s.ev('task.attempt.completed', { ...task, runId: 'run-2', attemptId: 'attempt-2' }, { status: 'completed' });
  s.ev('task.completed', task);
  deltas(s, t, ['The build passed ', 'on the second attempt.']);
  s.ev('model.completed', t, { text: 'The build passed on the second attempt.' });
  s.ev('turn.completed', t);
  return s;
}

function routingLimits() {
  const s = new FixtureStream('routing-limits');
  const t = { turnId: 'turn-1' };
  s.ev('turn.submitted', t, { text: 'Refactor the store.' });
  s.ev('task.profile.resolved', { ...t, taskId: 'task-refactor' }, { taskKind: 'coding' }, { taskProfile: { taskKind: 'coding', tier: 'standard' } });
  s.ev('routing.single_candidate', t, { taskKind: 'coding', candidateCount: 1, selectedModel: 'gpt-5.4', decisionSource: 'explicit_default', capabilityGap: 'none' });
  s.ev('cost.estimated', t, { costUsd: 0.12 });
  s.ev('turn.started', t);
  s.ev('model.requested', t);
  deltas(s, t, ['Starting the refactor.']);
  s.ev('cost.recorded', t, { costUsd: 0.05, inputTokens: 1200, outputTokens: 300 });
  s.ev('rate_limit.hit', t, { retryAfterMs: 2000, message: 'provider rate limit' });
  s.ev('run.status', t, { stage: 'retrying', detail: 'waiting for rate limit' });
  s.ev('quota.low', t, { message: '10% of monthly quota left' });
  // The ways out the runtime offers: when the quota resets, and where the plan can be raised.
  s.ev('quota.blocked', t, { message: 'monthly quota exhausted', resetsAt: '2026-06-09T15:00:00.000Z', upgradeUrl: 'https://example.com/billing/upgrade' });
  return s;
}

function degradedFacts() {
  const s = new FixtureStream('degraded-facts');
  const t = { turnId: 'turn-1' };
  s.ev('turn.submitted', t, { text: 'Show me what you have.' });
  s.ev('turn.started', t);
  // line 3: tool.started without toolCallId/stepId: missing correlation, never promoted.
  s.ev('tool.started', t, { toolName: 'read_file' });
  // line 4: a type nobody defined: kept in diagnostics, with its secret redacted.
  s.ev('telemetry.sampled', t, { apiKey: 'sk-live-123', sample: 0.1 });
  // line 5: an artifact without kind: the card says unknown.
  s.ev('artifact.changed', { ...t, artifactId: 'art-mystery' }, { status: 'ready', title: 'Untitled output', preview: 'rows: 1204\ncolumns: order_id, customer, total, currency, created_at\nfirst row: 10342, Ada Lovelace, 81.20, EUR, 2026-06-01' });
  // line 6: evidence without a status: unknown, not guessed.
  s.ev('evidence.changed', { ...t, evidenceId: 'ev-bare' }, { packRef: 'evidence://bare' });
  // line 7: malformed JSON.
  s.raw('{"type": "model.delta", "eventId": ');
  // line 8: an action without actionId: missing correlation.
  s.ev('action.required', t, { prompt: 'Allow?' });
  // line 9: an unknown schema version: applied, with a diagnostic.
  const ev = s.ev('run.status', t, { stage: 'streaming' });
  s.lines[s.lines.length - 1] = JSON.stringify({ ...ev, schemaVersion: 'lime-profile-9.9.0' });
  deltas(s, t, ['Partial answer.']);
  return s;
}

/** The drawn chart as the runtime's artifact store serves it: an SVG data URL (two series, four months). */
const CHART_SVG = `data:image/svg+xml;utf8,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="360" height="160" viewBox="0 0 360 160"><rect width="360" height="160" fill="#f5f5f7"/><g stroke="#d0d0d8"><line x1="30" y1="130" x2="340" y2="130"/><line x1="30" y1="20" x2="30" y2="130"/></g><polyline fill="none" stroke="#2456d3" stroke-width="3" points="40,110 120,90 200,70 280,40 330,30"/><polyline fill="none" stroke="#18793a" stroke-width="3" points="40,120 120,112 200,96 280,88 330,70"/><g font-family="sans-serif" font-size="11" fill="#5c5c66"><text x="40" y="148">Mar</text><text x="120" y="148">Apr</text><text x="200" y="148">May</text><text x="280" y="148">Jun</text></g></svg>')}`;

function aliasVocabulary() {
  // The public Agent UI class names (seed 001), normalized at the edge.
  const s = new FixtureStream('alias-vocabulary');
  const t = { turnId: 'turn-1' };
  s.ref('artifact://art-chart/preview.png', CHART_SVG);
  s.ev('turn.submitted', t, { text: 'Plot signups and revenue for the last four months and share the chart in #metrics.' });
  s.ev('run.started', t);
  s.ev('runtime.status', t, { stage: 'routing', detail: 'choosing a model' });
  s.ev('text.delta', { ...t, messageId: 'msg-1' }, { delta: 'I will plot both series and share the chart. ' });
  s.ev('tool.started', tool('turn-1', 1), { name: 'plot', inputSummary: { series: 2 } });
  s.ev('tool.output.delta', tool('turn-1', 1), { delta: 'plotted 2 series' });
  s.ev('tool.completed', tool('turn-1', 1), { status: 'ok', preview: 'chart.svg', outputRef: 'output://tc-1', durationMs: 80 });
  s.ev('tool.started', tool('turn-1', 2), { name: 'post_to_channel', inputSummary: { channel: '#metrics' } });
  s.ev('tool.completed', tool('turn-1', 2), { status: 'failed', failureCategory: 'network', retryable: true, message: 'the chat service refused the connection', recoveryHint: 'Post the exported PNG by hand, or retry once the service is back.' });
  s.ev('agent.spawned', { ...t, subagentId: 'sub-critic' }, { role: 'critic', parentTaskId: 'task-chart' });
  s.ev('agent.completed', { ...t, subagentId: 'sub-critic' });
  s.ev('artifact.created', { ...t, artifactId: 'art-chart', toolCallId: 'tc-1' }, { title: 'Signups and revenue, March to June' }, { artifactKind: 'image', artifactStatus: 'creating' });
  s.ev('artifact.preview.ready', { ...t, artifactId: 'art-chart' }, { previewRef: 'artifact://art-chart/preview.png' });
  s.ev('artifact.version.created', { ...t, artifactId: 'art-chart' }, {}, { artifactVersionId: 'v1', artifactStatus: 'ready' });
  s.ev('artifact.export.started', { ...t, artifactId: 'art-chart' });
  s.ev('artifact.export.completed', { ...t, artifactId: 'art-chart' }, { exportRef: 'export://art-chart.png' });
  s.ev('diagnostic.changed', t, { code: 'slow_provider', message: 'provider latency above 5 s' });
  s.ev('text.delta', { ...t, messageId: 'msg-1' }, { text: 'The chart is drawn and exported as a PNG; posting it to #metrics failed because the chat service refused the connection.' });
  s.ev('text.final', { ...t, messageId: 'msg-1' }, { text: 'I will plot both series and share the chart. The chart is drawn and exported as a PNG; posting it to #metrics failed because the chat service refused the connection.' });
  s.ev('run.finished', t);
  return s;
}

const fixtures = [
  textBasic(),
  toolSuccess(),
  toolFailure(),
  hitlAction(),
  artifactEvidence(),
  streamRepair(),
  subagentHandoff(),
  taskRetry(),
  routingLimits(),
  degradedFacts(),
  aliasVocabulary(),
];
for (const f of fixtures) console.log(`${f.name}: ${f.write(dir)} lines`);
const coding = buildCodingSession();
console.log(`coding-session: ${coding.stream.write(dir)} lines`);
writeFileSync(`${dir}/coding-session.expect.json`, JSON.stringify(coding.expect, null, 2) + '\n');
