import type { OutputEvent, RuntimeEventEnvelope } from '../../protocol/events';
import type { ApplyContext, Reducer } from './context';
import { applyActionEvent, applyPermissionEvent } from './actions';
import { applyArtifactEvent } from './artifacts';
import { applyProcessFact, applyRuntimeDiagnostic } from './diagnostics';
import { applyEvidenceEvent } from './evidence';
import { applyQueueChanged, applyRunStatus, applySessionEvent, applyThreadEvent, applyTurnEvent } from './lifecycle';
import { applyModelEvent, applyReasoningEvent } from './messages';
import { applyLimitEvent, applyRoutingEvent } from './routingLimits';
import { applySubagentEvent } from './subagents';
import { applyTaskEvent } from './tasks';
import { clearBlockOnProgress } from './progress';
import { applyReadModelDocument, hydrateMessages } from '../applyReadModel';
import { isPlainObject } from '../../protocol/eventFieldRules';
import { applyOutputEvent, applyToolEvent } from './tools';

function applyMessagesSnapshot(ctx: ApplyContext, event: RuntimeEventEnvelope): void {
  if (Array.isArray(event.payload.messages)) hydrateMessages(ctx, event.payload.messages.filter(isPlainObject), event.threadId);
}

function applySnapshotEvent(ctx: ApplyContext, event: RuntimeEventEnvelope): void {
  // snapshot.updated may carry the snapshot itself; otherwise it only marks a durable point. It
  // takes the door applyReadModel takes: the same guards, the same merge.
  const snapshot = isPlainObject(event.payload.snapshot) ? event.payload.snapshot : event.payload;
  if (event.type === 'snapshot.updated' && applyReadModelDocument(ctx, snapshot, event.sequence).kind !== 'unknown') return;
  applyProcessFact(ctx, event);
}

function applyOutput(ctx: ApplyContext, event: OutputEvent): void {
  if (!applyOutputEvent(ctx, event)) applyProcessFact(ctx, event);
}

/**
 * A family's reducer takes its family's typed events: the map below is keyed by the type's family,
 * so a reducer only ever receives the events its type names (narrowing on `type` reaches the payload).
 */
const typed = <E extends RuntimeEventEnvelope>(reducer: (ctx: ApplyContext, event: E) => void): Reducer => reducer as unknown as Reducer;

/** Each family's reducer, by the type's prefix. */
const BY_FAMILY: ReadonlyMap<string, Reducer> = new Map<string, Reducer>([
  ['session', typed(applySessionEvent)],
  ['thread', typed(applyThreadEvent)],
  ['turn', typed(applyTurnEvent)],
  ['run', typed(applyRunStatus)],
  ['queue', typed(applyQueueChanged)],
  ['model', typed(applyModelEvent)],
  ['reasoning', typed(applyReasoningEvent)],
  ['tool', typed(applyToolEvent)],
  ['output', typed(applyOutput)],
  ['action', typed(applyActionEvent)],
  ['permission', typed(applyPermissionEvent)],
  ['sandbox', typed(applyPermissionEvent)],
  ['artifact', typed(applyArtifactEvent)],
  ['evidence', typed(applyEvidenceEvent)],
  ['review', typed(applyEvidenceEvent)],
  ['task', typed(applyTaskEvent)],
  ['subagent', typed(applySubagentEvent)],
  ['routing', typed(applyRoutingEvent)],
  ['cost', typed(applyLimitEvent)],
  ['rate_limit', typed(applyLimitEvent)],
  ['quota', typed(applyLimitEvent)],
  ['limit', typed(applyLimitEvent)],
  ['runtime', typed(applyRuntimeDiagnostic)],
  ['messages', typed(applyMessagesSnapshot)],
  ['snapshot', typed(applySnapshotEvent)],
]);

/** Types whose family's reducer is not theirs. */
const BY_TYPE: ReadonlyMap<string, Reducer> = new Map<string, Reducer>([
  ['tool.catalog.resolved', applyProcessFact],
  ['task.profile.resolved', typed(applyRoutingEvent)],
]);

/**
 * The reducer of each type seen, found once: a lookup per event instead of cutting the family out
 * of the type (a new string per event). Types come from validated events: a known vocabulary.
 */
const reducers = new Map<string, Reducer>();

function reducerOf(type: string): Reducer {
  let reducer = reducers.get(type);
  if (reducer === undefined) {
    // hook, policy, process, context, history, job, channel, benchmark, agent.handoff,
    // worker.notification, snapshot.repaired: archived as process facts.
    reducer = BY_TYPE.get(type) ?? BY_FAMILY.get(type.slice(0, type.indexOf('.'))) ?? applyProcessFact;
    reducers.set(type, reducer);
  }
  return reducer;
}

/** Routes one normalized event to its family's reducer. Snapshots are handled by the store itself. */
export function applyEvent(ctx: ApplyContext, event: RuntimeEventEnvelope): void {
  clearBlockOnProgress(ctx, event);
  reducerOf(event.type)(ctx, event);
}
