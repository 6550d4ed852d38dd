// The content every streaming bench scene shows, the kit's and the peers' alike: a history of
// user/assistant messages, then one answer streamed as short text deltas.

export type BenchEvent = Record<string, unknown> & { eventId: string; type: string };

const BASE = { schemaVersion: '0.1', runtimeId: 'rt', sessionId: 'sess-bench', threadId: 'thread-1', timestamp: '2026-06-09T10:00:00.000Z' };

/** The i-th history message's text (even: the user's question, odd: the answer, of varied length). */
export function historyText(i: number): string {
  const turn = Math.floor(i / 2);
  return i % 2 === 0 ? `Question ${turn}: how does part ${turn % 17} work?` : `Answer ${turn}. ${'The store applies each event once and keeps records by id. '.repeat(1 + (turn % 4))}`;
}

/** `messages` history messages as the runtime sends them (a submitted turn, then its completed answer). */
export function historyEvents(messages: number): BenchEvent[] {
  const events: BenchEvent[] = [];
  for (let i = 0; i < messages; i++) {
    const turnId = `turn-${Math.floor(i / 2)}`;
    events.push(
      i % 2 === 0
        ? { ...BASE, turnId, eventId: `h${i}`, type: 'turn.submitted', payload: { text: historyText(i) } }
        : { ...BASE, turnId, eventId: `h${i}`, type: 'model.completed', payload: { text: historyText(i) } },
    );
  }
  return events;
}

/** The i-th delta of the streamed answer: about 8 characters, a paragraph break every 40 deltas. */
export const deltaText = (i: number): string => (i % 40 === 39 ? `w${i % 1000}.\n\n` : ` word${i % 100}`);

/** The i-th delta as a profile event of the live turn. */
export const deltaEvent = (i: number): BenchEvent => ({ ...BASE, turnId: 'turn-live', eventId: `d${i}`, type: 'model.delta', payload: { delta: deltaText(i) } });

/**
 * Hands over `count` items at `rate` per second from a timer, each tick delivering those due since
 * the last one (as network reads arrive: a few per read, not one task per item). Returns a stop.
 */
export function timedFeed(count: number, rate: number, deliver: (from: number, to: number) => void, end: () => void): () => void {
  const startedAt = performance.now();
  let sent = 0;
  const timer = setInterval(() => {
    const due = Math.min(count, Math.floor(((performance.now() - startedAt) * rate) / 1000) + 1);
    if (due > sent) {
      deliver(sent, due);
      sent = due;
    }
    if (sent >= count) {
      clearInterval(timer);
      end();
    }
  }, 2);
  return () => clearInterval(timer);
}

/** The scene's query: deltas per second, how many deltas, how many history messages. */
export function streamParams(): { q: URLSearchParams; rate: number; deltas: number; history: number } {
  const q = new URLSearchParams(window.location.search);
  return { q, rate: Number(q.get('rate') ?? 1000), deltas: Number(q.get('deltas') ?? 5000), history: Number(q.get('history') ?? 200) };
}
