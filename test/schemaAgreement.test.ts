import { describe, expect, it } from 'vitest';
import { parseJsonl } from '../src/protocol/parseJsonl';
import { validateEvent } from '../src/protocol/validateEvent';
import { validateSnapshot } from '../src/protocol/validateSnapshot';
import { createSchemaValidators, fixtureNames, readExpect, readFixture, readReference, referenceFiles } from './referenceData';

const schemas = createSchemaValidators();
const PORTABLE = new Set(['0.1', '0.1.0']);

/** ajv's verdict for an event, against the schema its schemaVersion claims (as validateEvent picks). */
function ajvVerdict(value: unknown): boolean {
  const version = typeof value === 'object' && value !== null ? (value as { schemaVersion?: unknown }).schemaVersion : undefined;
  const validate = typeof version === 'string' && PORTABLE.has(version) ? schemas.portableEvent : schemas.profileEvent;
  return validate(value) as boolean;
}

function expectAgreement(value: unknown, label: string): void {
  const ours = validateEvent(value);
  const theirs = ajvVerdict(value);
  if (ours.valid !== theirs) {
    const detail = theirs ? ours.issues.map((i) => i.message).join('; ') : JSON.stringify(schemas.profileEvent.errors?.slice(0, 3));
    expect.fail(`${label}: validateEvent says ${ours.valid ? 'valid' : 'invalid'}, ajv says ${theirs ? 'valid' : 'invalid'} (${detail})`);
  }
}

describe('validateEvent agrees with the public profile schema', () => {
  for (const name of fixtureNames()) {
    it(`on every line of fixtures/${name}.jsonl, and only the declared violations fail`, () => {
      const { records, issues } = parseJsonl(readFixture(name));
      const declared = (readExpect(name).schemaViolations ?? []) as { line: number; code: string }[];
      const failing: { line: number; code: string }[] = issues.map((i) => ({ line: i.line, code: i.code }));
      for (const record of records) {
        expectAgreement(record.value, `${name}.jsonl line ${record.line}`);
        const result = validateEvent(record.value);
        if (!result.valid) {
          const codes = new Set(result.issues.map((i) => i.code));
          const wanted = declared.find((d) => d.line === record.line);
          failing.push({ line: record.line, code: wanted && codes.has(wanted.code as never) ? wanted.code : [...codes].join(',') });
        }
      }
      expect(failing.sort((a, b) => a.line - b.line)).toEqual([...declared].sort((a, b) => a.line - b.line));
    });
  }

  for (const { name, value } of referenceFiles()) {
    it(`on the reference file ${name}`, () => expectAgreement(value, name));
  }

  it('accepts every reference event and rejects the snapshot and the evidence pack as events', () => {
    const verdicts = Object.fromEntries(referenceFiles().map(({ name, value }) => [name, validateEvent(value).valid]));
    expect(verdicts).toEqual({
      'benchmark-trial-pack.json': false,
      'evidence-export-event.json': true,
      'routing-single-candidate-event.json': true,
      'submit-turn-event.json': true,
      'task-retry-attempt-failed-event.json': true,
      'thread-read-snapshot.json': false,
      'tool-approval-action-required-event.json': true,
    });
  });

  // Mutations of valid events: every rule the validator implements is exercised in both directions.
  const base = parseJsonl(readFixture('coding-session')).records.map((r) => r.value as Record<string, unknown>);
  const samples = new Map<string, Record<string, unknown>>();
  for (const event of base) if (!samples.has(event.type as string)) samples.set(event.type as string, event);
  for (const event of referenceFiles().map((r) => r.value as Record<string, unknown>)) {
    if (typeof event.type === 'string') samples.set(`ref:${event.type}`, event);
  }
  const mutations: [string, (e: Record<string, unknown>) => unknown][] = [
    ...['type', 'eventId', 'timestamp', 'schemaVersion', 'runtimeId', 'sessionId', 'sequence', 'payload', 'threadId', 'turnId', 'stepId', 'toolCallId', 'actionId', 'taskId', 'runId', 'subagentId', 'evidenceId'].map(
      (field): [string, (e: Record<string, unknown>) => unknown] => [`without ${field}`, (e) => { const { [field]: _omit, ...rest } = e; return rest; }],
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
  for (const [label, mutate] of mutations) {
    it(`agrees on mutation: ${label}`, () => {
      for (const [type, event] of samples) expectAgreement(mutate(event), `${type} ${label}`);
    });
  }
});

describe('validateSnapshot agrees with the public profile snapshot schema', () => {
  const snapshot = readReference('thread-read-snapshot.json') as Record<string, unknown>;
  const thread = (snapshot.threads as Record<string, unknown>[])[0]!;
  const task = (snapshot.tasks as Record<string, unknown>[])[0]!;
  const cases: [string, unknown][] = [
    ['the reference snapshot', snapshot],
    ['without updatedAt', { ...snapshot, updatedAt: undefined }],
    ['without taskSummary', (({ taskSummary: _t, ...rest }) => rest)(snapshot)],
    ['empty threads', { ...snapshot, threads: [] }],
    ['thread status outside the enum', { ...snapshot, threads: [{ ...thread, status: 'done' }] }],
    ['thread without incidents', { ...snapshot, threads: [(({ incidents: _i, ...rest }) => rest)(thread)] }],
    ['task status outside the enum', { ...snapshot, tasks: [{ ...task, status: 'finished' }] }],
    ['attempt without runId', { ...snapshot, tasks: [{ ...task, attempts: [{ status: 'failed' }] }] }],
    ['attempt status outside the enum', { ...snapshot, tasks: [{ ...task, attempts: [{ runId: 'r', status: 'exploded' }] }] }],
    ['empty evidence ref', { ...snapshot, evidenceRefs: [''] }],
    ['other schema version', { ...snapshot, schemaVersion: '0.1' }],
  ];
  for (const [label, value] of cases) {
    it(`on ${label}`, () => {
      const cleaned = JSON.parse(JSON.stringify(value));
      expect(validateSnapshot(cleaned).length === 0).toBe(schemas.profileSnapshot(cleaned));
    });
  }
});
