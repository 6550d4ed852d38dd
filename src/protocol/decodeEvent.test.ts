import { describe, expect, it } from 'vitest';
import { decodeEvent } from './decodeEvent';

const envelope = (type: string, fields: Record<string, unknown>, payload: Record<string, unknown> = {}) => ({
  schemaVersion: '0.1',
  eventId: `e-${type}`,
  timestamp: '2026-06-09T10:00:00.000Z',
  type,
  ...fields,
  payload,
});

// Issue 22: validation, aliases and correlation happen once, at the boundary.
describe('decodeEvent', () => {
  it('maps an alias to its canonical type and keeps the original', () => {
    const { validation, event } = decodeEvent(envelope('text.delta', { turnId: 't' }, { delta: 'x' }));
    expect(validation.applicable).toBe(true);
    expect(event).toMatchObject({ type: 'model.delta', originalType: 'text.delta' });
  });

  it('reads an action id from requestId or the payload, evidence and artifact ids from the payload or a nested artifact', () => {
    expect(decodeEvent(envelope('action.required', { requestId: 'r1' })).event?.actionId).toBe('r1');
    expect(decodeEvent(envelope('action.resolved', {}, { actionId: 'a2' })).event?.actionId).toBe('a2');
    expect(decodeEvent(envelope('evidence.changed', {}, { evidenceId: 'ev1' })).event?.evidenceId).toBe('ev1');
    expect(decodeEvent(envelope('tool.result', { toolCallId: 'tc' }, { artifact: { id: 'art-1' } })).event?.artifactId).toBe('art-1');
  });

  it('keeps the event object when its ids are already on the envelope (no copy per event)', () => {
    const raw = envelope('tool.args', { toolCallId: 'tc', turnId: 't' }, { delta: '{' });
    expect(decodeEvent(raw).event).toBe(raw);
  });

  it('gives no event for one kept out of the facts', () => {
    const decoded = decodeEvent({ type: 'model.delta', eventId: 'e', timestamp: 'not a date', payload: {} });
    expect(decoded.validation.applicable).toBe(false);
    expect(decoded.event).toBeUndefined();
  });
});
