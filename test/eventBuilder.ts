// Builds profile-valid events for unit tests, with a running sequence.
export function eventBuilder(sessionId = 'sess-unit', threadId = 'thread-1') {
  let sequence = 0;
  let count = 0;
  return function ev(type: string, ids: Record<string, unknown> = {}, payload: Record<string, unknown> = {}, seq?: number) {
    sequence = seq ?? sequence + 1;
    return {
      schemaVersion: 'lime-profile-0.4.0',
      runtimeId: 'rt-unit',
      sessionId,
      threadId,
      eventId: `${sessionId}-e${++count}`,
      sequence,
      timestamp: new Date(Date.UTC(2026, 5, 9, 10, 0, 0, sequence * 100)).toISOString(),
      type,
      ...ids,
      payload,
    };
  };
}

export const turn = (turnId = 'turn-1') => ({ turnId });
export const toolIds = (n: number, turnId = 'turn-1') => ({ turnId, stepId: `step-${n}`, toolCallId: `tc-${n}` });
