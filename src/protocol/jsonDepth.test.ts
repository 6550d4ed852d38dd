import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRuntimeStore } from '../store/createRuntimeStore';
import { exceedsJsonDepth, MAX_JSON_DEPTH } from './jsonDepth';
import { parseJsonl } from './parseJsonl';
import { validateEvent } from './validateEvent';

/** A value that is `depth` containers deep counting itself: nest(1) is []. */
function nest(depth: number): unknown {
  let value: unknown = [];
  for (let i = 1; i < depth; i++) value = i % 2 ? { a: value } : [value];
  return value;
}

const event = (args: unknown) => ({
  schemaVersion: 'lime-profile-0.4.0',
  runtimeId: 'rt',
  sessionId: 's',
  threadId: 't',
  turnId: 'turn-1',
  stepId: 'step-1',
  toolCallId: 'tc-1',
  eventId: 'e-1',
  sequence: 1,
  timestamp: '2026-06-09T10:00:00.000Z',
  type: 'tool.started',
  payload: { toolName: 'x', args },
});

describe('nesting depth', () => {
  it('is measured in containers, the outermost counting as one, and capped at 64', () => {
    expect(MAX_JSON_DEPTH).toBe(64);
    expect(exceedsJsonDepth('x')).toBe(false);
    expect(exceedsJsonDepth(nest(64))).toBe(false);
    expect(exceedsJsonDepth(nest(65))).toBe(true);
    expect(exceedsJsonDepth(nest(5_000))).toBe(true);
    expect(exceedsJsonDepth({ a: [1, { b: 'c' }] }, 3)).toBe(false);
    expect(exceedsJsonDepth({ a: [1, { b: {} }] }, 3)).toBe(true);
  });

  it('agrees with the depth of any JSON value, at any limit', () => {
    // The depth in containers, the value itself counting as one (a string or number: 0).
    const depthOf = (value: unknown): number =>
      typeof value !== 'object' || value === null ? 0 : 1 + Math.max(0, ...Object.values(value).map(depthOf));
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 0, max: 10 }), (value, limit) => {
        expect(exceedsJsonDepth(value, limit)).toBe(depthOf(value) > limit);
      }),
      { numRuns: 500 },
    );
  });

  it('validateEvent: an event whose args nest 5,000 deep is not applicable, with a clear too_deep issue', () => {
    // The envelope is level 1 and payload level 2, so args may nest 62 deep.
    expect(validateEvent(event(nest(62)))).toMatchObject({ valid: true });
    const result = validateEvent(event(nest(5_000)));
    expect(result.valid).toBe(false);
    expect(result.applicable).toBe(false);
    expect(result.issues).toEqual([
      { code: 'too_deep', severity: 'error', field: 'payload', message: 'tool.started: payload nests deeper than 64 levels' },
    ]);
  });

  it('parseJsonl: a line nested too deep is a place-holder at its line, with none of its deep value', () => {
    // Written as text: JSON.stringify itself cannot write such a value.
    const deep = JSON.stringify(event('DEEP')).replace('"DEEP"', `${'['.repeat(5_000)}${']'.repeat(5_000)}`);
    const { records, issues } = parseJsonl(`${JSON.stringify(event([]))}\n${deep}\n`);
    expect(records.map((r) => r.line)).toEqual([1, 2]);
    expect(issues).toEqual([]);
    expect(exceedsJsonDepth(records[1]!.value, 3)).toBe(false);
    expect(validateEvent(records[1]!.value).issues).toEqual([{ code: 'too_deep', severity: 'error', message: 'line 2 nests deeper than 64 levels' }]);
  });

  it('the store diagnoses it and keeps no deep value', () => {
    const store = createRuntimeStore();
    store.getState().ingest([event(nest(5_000))]);
    const state = store.getState();
    expect(state.counts.invalid).toBe(1);
    expect(state.toolCalls.ids).toHaveLength(0);
    const diagnostic = [...state.diagnostics.byId.values()].find((d) => d.code === 'too_deep');
    expect(diagnostic).toBeDefined();
    expect(() => JSON.stringify(diagnostic)).not.toThrow();
  });
});
