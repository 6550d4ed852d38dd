// Targeted mutations of real events and snapshots, shared by the agreement tests against the
// shipped schemas and the optional cross-check against the public profile schemas.
type Doc = Record<string, unknown>;
type Mutation = readonly [label: string, mutate: (doc: Doc) => unknown];

const omit = (doc: Doc, field: string): Doc => Object.fromEntries(Object.entries(doc).filter(([k]) => k !== field));

export const EVENT_MUTATIONS: readonly Mutation[] = [
  ...['type', 'eventId', 'timestamp', 'schemaVersion', 'runtimeId', 'sessionId', 'sequence', 'payload', 'threadId', 'turnId', 'stepId', 'toolCallId', 'actionId', 'taskId', 'runId', 'subagentId', 'evidenceId'].map(
    (field): Mutation => [`without ${field}`, (e) => omit(e, field)],
  ),
  ['empty eventId', (e) => ({ ...e, eventId: '' })],
  ['empty turnId', (e) => ({ ...e, turnId: '' })],
  ['empty runtimeId', (e) => ({ ...e, runtimeId: '' })],
  ['numeric sessionId', (e) => ({ ...e, sessionId: 7 })],
  ['negative sequence', (e) => ({ ...e, sequence: -1 })],
  ['fractional sequence', (e) => ({ ...e, sequence: 1.5 })],
  ['string sequence', (e) => ({ ...e, sequence: '3' })],
  ['integral float sequence', (e) => ({ ...e, sequence: 4.0 })],
  ['array payload', (e) => ({ ...e, payload: [] })],
  ['null payload', (e) => ({ ...e, payload: null })],
  ['impossible date', (e) => ({ ...e, timestamp: '2026-02-30T10:00:00Z' })],
  ['leap day', (e) => ({ ...e, timestamp: '2028-02-29T10:00:00.5+02:00' })],
  ['no timezone', (e) => ({ ...e, timestamp: '2026-06-09T10:00:00' })],
  ['date only', (e) => ({ ...e, timestamp: '2026-06-09' })],
  ['leap second', (e) => ({ ...e, timestamp: '2026-06-30T23:59:60Z' })],
  ['lowercase t and z', (e) => ({ ...e, timestamp: '2026-06-09t10:00:00z' })],
  ['other schema version', (e) => ({ ...e, schemaVersion: 'lime-profile-0.5.0' })],
  ['portable schema version', (e) => ({ ...e, schemaVersion: '0.1' })],
  ['portable without profile fields', (e) => ({ type: e.type, eventId: e.eventId, timestamp: e.timestamp, schemaVersion: '0.1.0' })],
  ['unknown type', (e) => ({ ...e, type: 'telemetry.sampled' })],
  ['alias type', (e) => ({ ...e, type: 'text.delta' })],
  ['refs as array', (e) => ({ ...e, refs: [] })],
  ['refs as object', (e) => ({ ...e, refs: { a: 1 } })],
  ['status as number', (e) => ({ ...e, status: 3 })],
  ['traceId empty', (e) => ({ ...e, traceId: '' })],
  ['benchmark role bad', (e) => ({ ...e, benchmark: { role: 'judge' } })],
  ['benchmark role ok', (e) => ({ ...e, benchmark: { role: 'control', trialId: 't' } })],
  ['trajectory export status bad', (e) => ({ ...e, trajectory: { exportStatus: 'done' } })],
  ['reward criteria not strings', (e) => ({ ...e, reward: { criteria: [1] } })],
  ['comparison negative count', (e) => ({ ...e, comparison: { p0QcGateRegressionCount: -1 } })],
  ['not an object', () => 'tool.started'],
  ['array', () => []],
];

const first = (doc: Doc, key: string): Doc => (doc[key] as Doc[])[0]!;

export const SNAPSHOT_MUTATIONS: readonly Mutation[] = [
  ['without updatedAt', (s) => ({ ...s, updatedAt: undefined })],
  ['without taskSummary', (s) => omit(s, 'taskSummary')],
  ['empty threads', (s) => ({ ...s, threads: [] })],
  ['thread status outside the enum', (s) => ({ ...s, threads: [{ ...first(s, 'threads'), status: 'done' }] })],
  ['thread without incidents', (s) => ({ ...s, threads: [omit(first(s, 'threads'), 'incidents')] })],
  ['task status outside the enum', (s) => ({ ...s, tasks: [{ ...first(s, 'tasks'), status: 'finished' }] })],
  ['attempt without runId', (s) => ({ ...s, tasks: [{ ...first(s, 'tasks'), attempts: [{ status: 'failed' }] }] })],
  ['attempt status outside the enum', (s) => ({ ...s, tasks: [{ ...first(s, 'tasks'), attempts: [{ runId: 'r', status: 'exploded' }] }] })],
  ['empty evidence ref', (s) => ({ ...s, evidenceRefs: [''] })],
  ['other schema version', (s) => ({ ...s, schemaVersion: '0.1' })],
];
