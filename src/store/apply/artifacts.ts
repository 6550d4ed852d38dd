import type { ArtifactEvent, RuntimeEventEnvelope } from '../../protocol/events';
import { readArtifact, readArtifactId, readString, type ArtifactFacts } from '../../protocol/payloadReaders';
import type { ArtifactRecord, ArtifactVersionFacts, ExportState } from '../records';
import { capPreview, type ApplyContext } from './context';
import { draftToolCalls, toolCallKey } from '../toolCallKey';
import { appendPart, ensureMessage, isSubagentScoped } from './messages';

function ensureArtifact(ctx: ApplyContext, event: RuntimeEventEnvelope, artifactId: string): ArtifactRecord {
  const existing = ctx.draft.get('artifacts', artifactId);
  if (existing) return existing;
  const record: ArtifactRecord = {
    artifactId,
    versionIds: [],
    turnId: event.turnId,
    taskId: event.taskId,
    subagentId: typeof event.subagentId === 'string' ? event.subagentId : undefined,
    toolCallId: event.toolCallId,
  };
  ctx.draft.put('artifacts', artifactId, record);
  ctx.draft.record('artifact', artifactId, event);
  if (event.turnId !== undefined && !isSubagentScoped(event)) {
    appendPart(ctx, event, ensureMessage(ctx, event), 'artifact', { refId: artifactId });
  }
  if (record.subagentId !== undefined) {
    const subagent = ctx.draft.get('subagents', record.subagentId);
    if (subagent && !subagent.artifactIds.includes(artifactId)) ctx.draft.appendTo('subagents', subagent.subagentId, 'artifactIds', artifactId);
  }
  return record;
}

/** Merges artifact facts into the record; a field the event does not carry stays as it was. */
function mergeFacts(ctx: ApplyContext, record: ArtifactRecord, facts: ArtifactFacts, at: string | undefined): ArtifactRecord {
  const next: ArtifactRecord = { ...record, updatedAt: at ?? record.updatedAt };
  if (facts.kind !== undefined) next.kind = facts.kind;
  if (facts.status !== undefined) next.status = facts.status;
  if (facts.title !== undefined) next.title = facts.title;
  if (facts.previewRef !== undefined) next.previewRef = facts.previewRef;
  if (facts.preview !== undefined) next.preview = capPreview(facts.preview, ctx.options.previewBudget).text;
  if (facts.readRef !== undefined) next.readRef = facts.readRef;
  if (facts.diffRef !== undefined) next.diffRef = facts.diffRef;
  if (facts.exportRef !== undefined) next.exportRef = facts.exportRef;
  if (facts.mimeType !== undefined) next.mimeType = facts.mimeType;
  if (facts.versionId !== undefined) {
    if (!record.versionIds.includes(facts.versionId)) next.versionIds = [...record.versionIds, facts.versionId];
    next.currentVersionId = facts.versionId;
  }
  const versions = versionFacts(record, facts, next.preview);
  if (versions) next.versions = versions;
  return next;
}

/**
 * The versions' own facts, with what this event says about its version (the one it names, else the
 * current one) merged in; undefined when the event says nothing about a version's content.
 */
function versionFacts(record: ArtifactRecord, facts: ArtifactFacts, preview: string | undefined): ArtifactVersionFacts[] | undefined {
  const versionId = facts.versionId ?? record.currentVersionId;
  const content = facts.versionId !== undefined || facts.preview !== undefined || facts.previewRef !== undefined || facts.readRef !== undefined || facts.diffRef !== undefined;
  if (versionId === undefined || !content) return undefined;
  const versions = record.versions ?? [];
  const at = versions.findIndex((v) => v.versionId === versionId);
  // The first version declared also owns what the runtime said before any version existed.
  const before: Partial<ArtifactRecord> = record.versionIds.length === 0 ? record : {};
  const seed: ArtifactVersionFacts = {
    versionId,
    ...(before.preview !== undefined && { preview: before.preview }),
    ...(before.previewRef !== undefined && { previewRef: before.previewRef }),
    ...(before.readRef !== undefined && { readRef: before.readRef }),
    ...(before.diffRef !== undefined && { diffRef: before.diffRef }),
  };
  const merged: ArtifactVersionFacts = { ...(at >= 0 ? versions[at]! : seed) };
  if (facts.preview !== undefined) merged.preview = preview;
  if (facts.previewRef !== undefined) merged.previewRef = facts.previewRef;
  if (facts.readRef !== undefined) merged.readRef = facts.readRef;
  if (facts.diffRef !== undefined) merged.diffRef = facts.diffRef;
  return at >= 0 ? versions.map((v, i) => (i === at ? merged : v)) : [...versions, merged];
}

/** Called by tool events that name an artifact: creates or links the card to the tool step. */
export function linkArtifact(ctx: ApplyContext, event: RuntimeEventEnvelope, artifactId: string, toolCallId: string, facts: ArtifactFacts): void {
  const record = ensureArtifact(ctx, event, artifactId);
  const merged = mergeFacts(ctx, record, facts, event.timestamp);
  merged.toolCallId = merged.toolCallId ?? toolCallId;
  ctx.draft.put('artifacts', artifactId, merged);
  const key = toolCallKey(draftToolCalls(ctx), toolCallId, event.turnId);
  const tool = ctx.draft.get('toolCalls', key);
  if (tool && !tool.artifactIds.includes(artifactId)) {
    ctx.draft.put('toolCalls', key, { ...tool, artifactIds: [...tool.artifactIds, artifactId] });
  }
}

const EXPORT_STATES: Record<string, ExportState> = {
  'artifact.export.started': 'exporting',
  'artifact.export.completed': 'exported',
};

export function applyArtifactEvent(ctx: ApplyContext, event: ArtifactEvent): void {
  // Resolved at the boundary (top-level, payload or a nested artifact object).
  const artifactId = event.artifactId;
  if (artifactId === undefined) {
    ctx.draft.diagnose({
      code: 'missing_correlation',
      message: `${event.type} names no artifactId; it cannot be joined to an artifact`,
      eventId: event.eventId,
      type: event.type,
      field: 'artifactId',
      raw: event,
    });
    return;
  }
  const record = ensureArtifact(ctx, event, artifactId);
  const facts = readArtifact(event);
  const next = mergeFacts(ctx, record, facts, event.timestamp);
  const exportState = EXPORT_STATES[event.type] ?? exportStateOf(facts.exportStatus);
  if (exportState !== undefined) next.exportState = exportState;
  if (event.type === 'artifact.failed') {
    next.status = 'failed';
    next.error = readString(event.payload.message) ?? readString(event.payload.error);
  }
  if (event.type === 'artifact.deleted') next.status = 'deleted';
  if (event.toolCallId !== undefined && next.toolCallId === undefined) next.toolCallId = event.toolCallId;
  ctx.draft.put('artifacts', artifactId, next);
}

function exportStateOf(status: string | undefined): ExportState | undefined {
  if (status === 'exporting' || status === 'started' || status === 'pending') return 'exporting';
  if (status === 'exported' || status === 'completed') return 'exported';
  if (status === 'failed') return 'failed';
  return undefined;
}
