import { describe, expect, expectTypeOf, it } from 'vitest';
import type { RuntimeEvent } from './events';

/** Compile-time checks (tsc runs over tests): narrowing on `type` reaches the family's payload. */
function deltaOf(event: RuntimeEvent): string | undefined {
  if (event.type === 'model.delta') {
    expectTypeOf(event.payload.delta).toEqualTypeOf<string | undefined>();
    return event.payload.delta;
  }
  if (event.type === 'tool.result') {
    expectTypeOf(event.payload.preview).toEqualTypeOf<string | undefined>();
    return event.payload.preview;
  }
  return undefined;
}

describe('RuntimeEvent', () => {
  it('is a discriminated union that narrows on type', () => {
    const base = { eventId: 'e1', timestamp: '2026-06-09T10:00:00.000Z' };
    expect(deltaOf({ ...base, type: 'model.delta', payload: { delta: 'hi' } })).toBe('hi');
    expect(deltaOf({ ...base, type: 'tool.result', payload: { preview: 'out' } })).toBe('out');
    // @ts-expect-error an unknown type is not a RuntimeEvent (it is an AnyRuntimeEvent until validated)
    const unknown: RuntimeEvent = { ...base, type: 'telemetry.sampled', payload: {} };
    expect(unknown.type).toBe('telemetry.sampled');
  });
});
