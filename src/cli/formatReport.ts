import type { RuntimeSummary } from '../store/selectors/summarize';

const clip = (text: string, max = 100) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The human-readable replay report the CLI prints without --json. */
export function formatReport(summary: RuntimeSummary): string {
  const out: string[] = [];
  const c = summary.counts;
  out.push(`session ${summary.sessionId ?? '(unknown)'} · status ${summary.status}${summary.stale ? ' · STALE (waiting for repair)' : ''}`);
  out.push(`events: ${c.received} received, ${c.applied} applied, ${c.duplicates} duplicates, ${c.reordered} reordered, ${c.invalid} invalid, ${c.unknownType} unknown type, ${c.late} late, ${c.pending} pending`);
  if (summary.routing) {
    const r = summary.routing;
    out.push(`routing: ${r.selectedModel ?? 'unknown model'} (${r.candidateCount ?? '?'} candidate(s), ${r.decisionSource ?? 'source unknown'})`);
  }
  const section = (title: string, rows: string[]) => {
    if (rows.length === 0) return;
    out.push(`${title}:`);
    for (const row of rows) out.push(`  ${row}`);
  };
  section('turns', summary.turns.map((t) => `${t.turnId} ${t.status}`));
  section('messages', summary.messages.map((m) => `[${m.role}${m.final ? '' : ', streaming'}] ${m.turnId ?? ''} ${JSON.stringify(clip(m.text))}`));
  section('reasoning', summary.reasoning.map((r) => `${r.turnId} ${JSON.stringify(clip(r.text, 80))}`));
  section('tools', summary.tools.map((t) => `${t.toolCallId} ${t.name ?? 'unknown'} ${t.status}${t.failureCategory ? ` (${t.failureCategory})` : ''}${t.outputRef ? ` → ${t.outputRef}` : ''}`));
  section('actions', summary.actions.map((a) => `${a.actionId} ${a.status}${a.decision ? ` (${a.decision})` : ''}`));
  section('artifacts', summary.artifacts.map((a) => `${a.artifactId} ${a.kind} ${a.status} version ${a.versionId ?? 'unknown'}${a.toolCallId ? ` from ${a.toolCallId}` : ''}`));
  section('evidence', summary.evidence.map((e) => `${e.evidenceId} ${e.status}${[e.packRef, e.replayRef, e.reviewRef].filter(Boolean).map((r) => ` ${r}`).join('')}`));
  section('tasks', summary.tasks.map((t) => `${t.taskId} ${t.status}${t.attempts.length ? ` attempts: ${t.attempts.map((a) => `${a.runId} ${a.status}`).join(', ')}` : ''}`));
  section('subagents', summary.subagents.map((s) => `${s.subagentId} ${s.role ?? 'unknown role'} ${s.status} (parent task ${s.parentTaskId ?? 'unknown'})`));
  section('diagnostics', summary.diagnostics.map((d) => `${d.line !== undefined ? `line ${d.line}: ` : ''}${d.code}${d.eventId ? ` [${d.eventId}]` : ''}`));
  return out.join('\n');
}
