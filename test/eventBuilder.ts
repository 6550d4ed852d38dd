import { createEnvelopeFactory } from '../src/adapters/core/envelopeFactory';

// Builds profile-valid events for unit tests, with a running sequence (the adapters' envelope factory).
export function eventBuilder(sessionId = 'sess-unit', threadId = 'thread-1') {
  const factory = createEnvelopeFactory({
    sessionId,
    threadId,
    runtimeId: 'rt-unit',
    eventId: (_sequence, index) => `${sessionId}-e${index}`,
    clock: (sequence) => Date.UTC(2026, 5, 9, 10, 0, 0, sequence * 100),
  });
  return (type: string, ids: Record<string, unknown> = {}, payload: Record<string, unknown> = {}, seq?: number) =>
    factory.event(type, ids, payload, { sequence: seq });
}

export const turn = (turnId = 'turn-1') => ({ turnId });
export const toolIds = (n: number, turnId = 'turn-1') => ({ turnId, stepId: `step-${n}`, toolCallId: `tc-${n}` });
