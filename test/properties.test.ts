import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseJsonl } from '../src/protocol/parseJsonl';
import { createRuntimeStore } from '../src/store/createRuntimeStore';
import { summarize, type RuntimeSummary } from '../src/store/selectors/summarize';
import { eventBuilder, toolIds, turn } from './eventBuilder';
import { fixtureNames, readFixture } from './referenceData';

type Event = Record<string, unknown> & { eventId: string; type: string; sequence?: number };

const WINDOW = 16;
const streams: Record<string, Event[]> = Object.fromEntries(
  fixtureNames().map((name) => [name, parseJsonl(readFixture(name)).records.map((r) => r.value as Event)]),
);
// Clean fixtures: delivered in order, without deliberate breaks (stream-repair's gap is its point).
const cleanNames = fixtureNames().filter((n) => n !== 'stream-repair');

function replay(events: unknown[], batch = 64): RuntimeSummary {
  const store = createRuntimeStore({ reorderWindow: WINDOW });
  for (let i = 0; i < events.length; i += batch) store.getState().ingest(events.slice(i, i + batch));
  store.getState().settle();
  return summarize(store.getState());
}

const withoutCounts = ({ counts: _c, diagnostics: _d, ...rest }: RuntimeSummary) => rest;

/** Shuffles within blocks smaller than the reorder window: every event stays within reach. */
function shuffleWithinWindow(events: Event[], seeds: number[]): Event[] {
  const out = events.slice();
  const block = WINDOW / 2;
  for (let start = 0; start < out.length; start += block) {
    const end = Math.min(out.length, start + block);
    for (let i = end - 1; i > start; i--) {
      const j = start + (seeds[i % seeds.length]! % (i - start + 1));
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
  }
  return out;
}

const garbage = fc.oneof(
  fc.anything(),
  fc.record({ type: fc.string(), eventId: fc.string(), payload: fc.anything() }),
  fc.record({ type: fc.constantFrom('model.delta', 'tool.args', 'action.resolved', 'artifact.changed', 'snapshot.updated'), eventId: fc.uuid(), sessionId: fc.constant('x'), sequence: fc.integer(), payload: fc.anything() }),
);

const fixtureName = fc.constantFrom(...cleanNames);

describe('the reducer under hostile streams (fast-check)', () => {
  it('never throws, whatever is mixed in', () => {
    fc.assert(
      fc.property(fixtureName, fc.array(garbage, { maxLength: 30 }), fc.nat(), (name, junk, at) => {
        const events: unknown[] = streams[name]!.slice();
        events.splice(at % (events.length + 1), 0, ...junk);
        const store = createRuntimeStore();
        expect(() => {
          store.getState().ingest(events);
          store.getState().settle();
          store.getState().applyReadModel(junk[0]);
          summarize(store.getState());
        }).not.toThrow();
      }),
      { numRuns: 150 },
    );
  });

  it('duplicates and shuffles inside the window project the same facts as the clean stream', () => {
    fc.assert(
      fc.property(fixtureName, fc.array(fc.nat(), { minLength: 8, maxLength: 8 }), fc.array(fc.nat(), { maxLength: 20 }), fc.integer({ min: 1, max: 80 }), (name, seeds, dupIdx, batch) => {
        const clean = streams[name]!;
        const noisy = shuffleWithinWindow(clean, seeds);
        for (const i of dupIdx) noisy.splice((i * 7) % (noisy.length + 1), 0, clean[i % clean.length]!);
        expect(withoutCounts(replay(noisy, batch))).toEqual(withoutCounts(replay(clean)));
      }),
      { numRuns: 120 },
    );
  });

  it('applying a stream twice equals applying it once', () => {
    fc.assert(
      fc.property(fixtureName, fc.integer({ min: 1, max: 100 }), (name, batch) => {
        const events = streams[name]!;
        expect(withoutCounts(replay([...events, ...events], batch))).toEqual(withoutCounts(replay(events, batch)));
      }),
      { numRuns: 40 },
    );
  });

  it('a truncated stream shows a prefix of the answer, and a final answer never repeats a streamed prefix', () => {
    fc.assert(
      fc.property(fixtureName, fc.nat(), (name, cut) => {
        const events = streams[name]!;
        const full = replay(events);
        const partial = replay(events.slice(0, cut % (events.length + 1)));
        for (const message of partial.messages) {
          const complete = full.messages.find((m) => m.messageId === message.messageId)!;
          expect(complete.text.startsWith(message.text)).toBe(true);
          if (message.final) expect(message.text).toBe(complete.text);
        }
        for (const message of full.messages) {
          const finalEvent = events.find((e) => e.type === 'model.completed' && (e.turnId as string) === message.turnId);
          const finalText = finalEvent ? ((finalEvent.payload as { text?: string }).text ?? '') : undefined;
          if (message.final && message.role === 'assistant' && finalText !== undefined && finalText !== '') expect(message.text).toBe(finalText);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('a resolved action only ever follows its action.resolved / cancelled / expired event', () => {
    fc.assert(
      fc.property(fc.constantFrom('hitl-action', 'coding-session', 'alias-vocabulary'), fc.nat(), (name, cut) => {
        const prefix = streams[name]!.slice(0, cut % (streams[name]!.length + 1));
        const summary = replay(prefix);
        for (const action of summary.actions) {
          const resolving = prefix.some((e) => (e.type === 'action.resolved' || e.type === 'action.cancelled' || e.type === 'action.expired') && e.actionId === action.actionId);
          expect(action.status === 'pending' || action.status === 'responding').toBe(!resolving);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('reasoning text never appears in answer text', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), fc.string({ minLength: 1, maxLength: 12 })), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 10 }),
        (chunks, batch) => {
          const ev = eventBuilder();
          const events = chunks.map(([isReasoning, text], i) =>
            isReasoning
              ? ev('reasoning.delta', turn(), { delta: `⟦R${i}⟧` })
              : i % 5 === 4
                ? ev('tool.started', toolIds(i), { toolName: text })
                : ev('model.delta', turn(), { delta: text.replace(/⟦|⟧/g, '') }),
          );
          const summary = replay(events, batch);
          for (const message of summary.messages) expect(message.text).not.toMatch(/⟦R\d+⟧/);
          const reasoning = summary.reasoning.map((r) => r.text).join('');
          expect(reasoning).toBe(chunks.map(([r], i) => (r ? `⟦R${i}⟧` : '')).join(''));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('every diagnostic names its cause: a code, a message, and the event or line it came from', () => {
    fc.assert(
      fc.property(fixtureName, fc.array(garbage, { minLength: 1, maxLength: 20 }), (name, junk) => {
        const store = createRuntimeStore();
        const events = [...streams[name]!, ...junk];
        store.getState().ingest(events, { lines: events.map((_, i) => i + 1) });
        store.getState().settle();
        for (const d of store.getState().diagnostics.byId.values()) {
          expect(d.code).toMatch(/^[a-z_]+$/);
          expect(d.message.length).toBeGreaterThan(8);
          const fromStream = d.code === 'sequence_gap' || d.code === 'sequence_gap_filled' || d.code === 'stream_starts_mid_way' || d.code.startsWith('snapshot_') || d.code === 'pending_dropped_on_hydrate';
          if (!fromStream) expect(d.eventId !== undefined || d.line !== undefined).toBe(true);
        }
      }),
      { numRuns: 100 },
    );
  });
});
