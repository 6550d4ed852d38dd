// The canonical vocabulary is the Lime profile enum; everything else is either an accepted alias
// (normalized at the edge), a kit extension the SPEC says we handle, or unknown.

const PROFILE_TYPE_LIST = `session.created session.updated thread.started thread.updated turn.submitted turn.started
turn.completed turn.failed task.created task.accepted task.queued task.started task.updated task.progress task.waiting
task.blocked task.paused task.resumed task.retrying task.cancel_requested task.cancelled task.timed_out task.failed
task.lost task.completed task.archived run.status model.requested model.delta model.completed model.failed
reasoning.delta reasoning.summary tool.catalog.resolved tool.started tool.args tool.progress tool.result tool.failed
action.required action.resolved queue.changed context.resolved context.compaction.started context.compaction.completed
context.compaction.failed artifact.changed evidence.changed subagent.spawned subagent.status subagent.input
subagent.completed subagent.failed subagent.closed limit.changed snapshot.updated runtime.warning runtime.error
permission.evaluated permission.requested permission.resolved sandbox.applied sandbox.violation hook.started
hook.completed hook.failed policy.changed process.started process.output process.input process.completed process.failed
process.terminated task.profile.resolved routing.candidates.resolved routing.decided routing.fallback.applied
routing.not_possible routing.single_candidate task.delegated task.dependency.updated task.attempt.started
task.attempt.completed task.attempt.failed cost.estimated cost.recorded rate_limit.hit quota.low quota.blocked
channel.connected channel.disconnected channel.resumed channel.message channel.permission_forwarded
channel.permission_returned job.created job.started job.progress job.item.started job.item.completed job.item.failed
job.completed job.failed job.cancelled output.spilled output.truncated output.redacted output.expired
history.window.loaded history.reconstructed history.rollback.started history.rollback.completed snapshot.repaired
benchmark.dataset.resolved benchmark.configuration.resolved benchmark.trial.started benchmark.trial.completed
benchmark.trial.failed benchmark.reward.recorded benchmark.comparison.completed`;

/** Every type the Lime profile event schema enumerates. */
export const PROFILE_EVENT_TYPES: ReadonlySet<string> = new Set(PROFILE_TYPE_LIST.split(/\s+/));

/**
 * Public Agent UI classes (seed 001) and their canonical profile names. A null-prototype object:
 * it is indexed by event types from outside, and `constructor` must find nothing.
 */
export const TYPE_ALIASES: Readonly<Record<string, string>> = Object.assign(Object.create(null) as Record<string, string>, {
  'text.delta': 'model.delta',
  'text.final': 'model.completed',
  'runtime.status': 'run.status',
  'run.started': 'turn.started',
  'run.finished': 'turn.completed',
  'run.failed': 'turn.failed',
  'tool.output.delta': 'tool.progress',
  'agent.spawned': 'subagent.spawned',
  // Seed 003's own example emits it.
  'subagent.started': 'subagent.spawned',
  'agent.completed': 'subagent.completed',
  'diagnostic.changed': 'runtime.warning',
  'review.completed': 'review.verdict',
});

/**
 * Types outside the profile enum that the SPEC says the kit handles. They are applied, and
 * validation reports them as `not_in_profile` (the profile schema rejects them).
 */
export const KIT_EXTENSION_TYPES: ReadonlySet<string> = new Set([
  'tool.completed',
  'action.updated',
  'action.expired',
  'artifact.created',
  'artifact.updated',
  'artifact.preview.ready',
  'artifact.version.created',
  'artifact.versioned',
  'artifact.diff.ready',
  'artifact.export.started',
  'artifact.export.completed',
  'artifact.failed',
  'artifact.deleted',
  'evidence.exported',
  'review.verdict',
  'review.requested',
  'agent.handoff',
  'worker.notification',
]);

/**
 * Types the kit's own provider adapters emit beside the profile enum, so a correct run of any of
 * them validates: a cancelled turn, a pending action its cancelled turn ends, and the framework's
 * whole conversation (AG-UI `MESSAGES_SNAPSHOT`, a restored conversation). They validate like
 * profile types (same scope ids by family), without a `not_in_profile` warning.
 */
export const KIT_EVENT_TYPES: ReadonlySet<string> = new Set(['turn.cancelled', 'action.cancelled', 'messages.snapshot']);

/**
 * Where an event type comes from: the Lime profile enum, the kit's own additions to it, an
 * accepted alias, a kit extension, or `unknown` (kept in diagnostics, never rendered).
 */
export type TypeClass = 'profile' | 'kit' | 'alias' | 'extension' | 'unknown';

/** Classifies an event type name against the kit's vocabulary (SPEC section 2). */
export function classifyType(type: string): TypeClass {
  if (PROFILE_EVENT_TYPES.has(type)) return 'profile';
  if (KIT_EVENT_TYPES.has(type)) return 'kit';
  if (Object.prototype.hasOwnProperty.call(TYPE_ALIASES, type)) return 'alias';
  if (KIT_EXTENSION_TYPES.has(type)) return 'extension';
  return 'unknown';
}

/**
 * The Lime profile `schemaVersion` the kit implements; other versions are accepted with a
 * `schema_version_unknown` diagnostic.
 */
export const PROFILE_SCHEMA_VERSION = 'lime-profile-0.4.0';
/** Portable Agent Runtime versions: accepted, validated against the portable (looser) rules. */
export const PORTABLE_SCHEMA_VERSIONS: ReadonlySet<string> = new Set(['0.1', '0.1.0']);
