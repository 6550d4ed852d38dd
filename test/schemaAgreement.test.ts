// validateEvent / validateSnapshot and the JSON Schemas the package ships (agentui-kit/schema/*.json)
// accept and reject the same documents: on every fixture line, on targeted mutations, and on
// thousands of generated events.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseJsonl } from '../src/protocol/parseJsonl';
import { validateEvent } from '../src/protocol/validateEvent';
import { validateSnapshot } from '../src/protocol/validateSnapshot';
import { invalidating, perturbed, validEvent } from './eventArbitraries';
import { EVENT_MUTATIONS, SNAPSHOT_MUTATIONS } from './schemaMutations';
import { createKitValidators, fixtureNames, profileFiles, readExpect, readFixture, readProfileFixture } from './referenceData';

const kit = createKitValidators();

function expectAgreement(value: unknown, label: string): void {
  const ours = validateEvent(value);
  const theirs = kit.event(value) as boolean;
  if (ours.valid !== theirs) {
    const detail = theirs ? ours.issues.map((i) => i.message).join('; ') : JSON.stringify(kit.event.errors?.slice(0, 3));
    expect.fail(`${label}: validateEvent says ${ours.valid ? 'valid' : 'invalid'}, the shipped schema says ${theirs ? 'valid' : 'invalid'} (${detail})`);
  }
}

describe('validateEvent agrees with the shipped runtime-event schema', () => {
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

  it('on the kit’s profile pack: every event valid, the snapshot and the evidence pack are not events', () => {
    const verdicts = Object.fromEntries(profileFiles().map(({ name, value }) => {
      expectAgreement(value, name);
      return [name, validateEvent(value).valid];
    }));
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

  // Targeted mutations of real events: every rule the validator implements, in both directions.
  const samples = new Map<string, Record<string, unknown>>();
  for (const record of parseJsonl(readFixture('coding-session')).records) {
    const event = record.value as Record<string, unknown>;
    if (!samples.has(event.type as string)) samples.set(event.type as string, event);
  }
  for (const { name, value } of profileFiles()) if (validateEvent(value).valid) samples.set(name, value as Record<string, unknown>);
  for (const [label, mutate] of EVENT_MUTATIONS) {
    it(`agrees on mutation: ${label}`, () => {
      for (const [type, event] of samples) expectAgreement(mutate(event), `${type} ${label}`);
    });
  }

  // numRuns ≥ 1,000 each: generated valid events, mutations that break one rule, and any one-field change.
  it('accepts the same 1,000 generated valid events', () => {
    fc.assert(fc.property(validEvent, (event) => {
      expect(validateEvent(event).issues).toEqual([]);
      expect(kit.event(event), JSON.stringify(kit.event.errors)).toBe(true);
    }), { numRuns: 1000 });
  });

  it('rejects the same 1,000 events mutated to break one rule', () => {
    fc.assert(fc.property(validEvent.chain(invalidating), (event) => {
      expect(validateEvent(event).valid).toBe(false);
      expect(kit.event(event)).toBe(false);
    }), { numRuns: 1000 });
  });

  it('reaches the same verdict on 1,000 arbitrary one-field changes', () => {
    fc.assert(fc.property(validEvent.chain(perturbed), (event) => expectAgreement(event, JSON.stringify(event))), { numRuns: 1000 });
  });
});

describe('validateSnapshot agrees with the shipped thread-snapshot schema', () => {
  const snapshot = readProfileFixture('thread-read-snapshot.json') as Record<string, unknown>;
  for (const [label, mutate] of [['the kit’s snapshot', (s: Record<string, unknown>) => s] as const, ...SNAPSHOT_MUTATIONS]) {
    it(`on ${label}`, () => {
      const value = JSON.parse(JSON.stringify(mutate(snapshot)));
      const issues = validateSnapshot(value);
      expect(issues.length === 0, JSON.stringify(issues)).toBe(kit.snapshot(value));
    });
  }

  it('on 1,000 arbitrary one-field changes of the snapshot, its threads and tasks', () => {
    const paths = ['', 'threads.0', 'tasks.0', 'tasks.0.attempts.0', 'threads.0.turns.0'];
    const change = fc.record({ path: fc.constantFrom(...paths), key: fc.constantFrom('status', 'threadId', 'taskId', 'runId', 'turnId', 'schemaVersion', 'updatedAt', 'evidenceRefs', 'turns', 'incidents', 'attempts', 'objective', 'taskSummary', 'threads', 'tasks'), value: fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom('completed', 'failed', 'running', 'unknown', '', '2026-06-09T09:00:00Z'), fc.constant(undefined)) });
    fc.assert(fc.property(change, ({ path, key, value }) => {
      const doc = JSON.parse(JSON.stringify(snapshot));
      const target = path === '' ? doc : path.split('.').reduce((node, part) => node[part], doc);
      if (value === undefined) delete target[key];
      else target[key] = value;
      const cleaned = JSON.parse(JSON.stringify(doc));
      expect(validateSnapshot(cleaned).length === 0).toBe(kit.snapshot(cleaned));
    }), { numRuns: 1000 });
  });
});
