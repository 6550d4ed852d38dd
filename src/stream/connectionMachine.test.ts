import { describe, expect, it } from 'vitest';
import {
  CONNECTION_PHASES,
  initialMachine,
  statusOf,
  step,
  type ConnectionEffect,
  type ConnectionInput,
  type ConnectionMachine,
  type ConnectionPhase,
  type SourcePhase,
} from './connectionMachine';

const SOURCES: readonly SourcePhase[] = ['connecting', 'open', 'down', 'ended', 'failed'];

const INPUTS: readonly ConnectionInput[] = [
  ...(['connecting', 'open', 'reconnecting', 'ended', 'error', 'closed'] as const).map((status) => ({ type: 'source' as const, status, error: 'x', at: 50 })),
  ...(['batch', 'settle'] as const).flatMap((after) =>
    [0, 3].flatMap((pending) => [true, false].flatMap((damaged) => [true, false].map((stale) => ({ type: 'ingested' as const, after, pending, damaged, stale, at: 60 })))),
  ),
  { type: 'gap-timeout' },
  { type: 'repaired', cursor: 9, stale: false, at: 70 },
  { type: 'repaired', cursor: 9, stale: true, at: 70 },
  { type: 'repaired', stale: false, at: 70 },
  { type: 'repair-failed', error: '503' },
  { type: 'backoff-elapsed' },
  { type: 'retry' },
  { type: 'close' },
];

/** Every machine worth distinguishing: each phase with each source phase, capability and count that changes a decision. */
function machines(): ConnectionMachine[] {
  const all: ConnectionMachine[] = [];
  for (const phase of CONNECTION_PHASES)
    for (const source of SOURCES)
      for (const canRepair of [true, false])
        for (const canResume of [true, false])
          for (const attempts of [0, 2])
            for (const episodeRepairs of [0, 1])
              for (const staleSince of [undefined, 10]) {
                if (phase === 'repairing' && !canRepair) continue; // unreachable: only an adapter repairs
                all.push({ ...initialMachine({ canRepair, canResume, maxRepairAttempts: 3 }), phase, source, attempts, episodeRepairs, staleSince });
              }
  return all;
}

const types = (effects: ConnectionEffect[]) => effects.map((e) => e.type);
const describeCase = (m: ConnectionMachine, input: ConnectionInput) => `${JSON.stringify(m)} + ${JSON.stringify(input)}`;

describe('connection state machine: every phase × every input', () => {
  const cases = machines().flatMap((m) => INPUTS.map((input) => [m, input] as const));

  it(`never throws, always lands in a legal phase, and keeps its invariants (${cases.length} cases)`, () => {
    expect(cases.length).toBeGreaterThan(10_000);
    for (const [m, input] of cases) {
      const frozen = Object.freeze({ ...m });
      let result: ReturnType<typeof step> | undefined;
      expect(() => (result = step(frozen, input)), describeCase(m, input)).not.toThrow();
      const [next, effects] = result!;
      const label = describeCase(m, input);
      expect(CONNECTION_PHASES, label).toContain(next.phase);
      expect(statusOf(next.phase), label).toMatch(/^(connecting|open|reconnecting|repairing|ended|closed|error)$/);
      const kinds = types(effects);

      // Closed is final and silent.
      if (m.phase === 'closed') expect([next, effects], label).toEqual([m, []]);
      if (input.type === 'close' && m.phase !== 'closed') expect([next.phase, kinds.includes('close-source')], label).toEqual(['closed', true]);
      if (kinds.includes('close-source')) expect(input.type, label).toBe('close');

      // A repair is read only on entering `repairing`, never twice at once, never without an adapter.
      if (kinds.includes('read-thread')) {
        expect(m.canRepair, label).toBe(true);
        expect(next.phase, label).toBe('repairing');
        expect(m.phase, label).not.toBe('repairing');
      }
      if (!m.canRepair) expect(next.phase, label).not.toBe('repairing');
      if (next.phase === 'repairing' && m.phase !== 'repairing') expect(kinds, label).toContain('read-thread');

      // Backoff timers run only in `backoff`, with an adapter; the attempt is 1 or more.
      for (const effect of effects) if (effect.type === 'start-backoff') {
        expect([next.phase, m.canRepair], label).toEqual(['backoff', true]);
        expect(effect.attempt, label).toBeGreaterThanOrEqual(1);
      }
      if (kinds.includes('start-gap-timer')) expect(next.phase, label).toBe('gap-wait');
      if (kinds.includes('resume')) expect(m.canResume, label).toBe(true);

      // `error` comes from a source that gave up or from the last allowed failed repair, and stays until retry or close.
      if (next.phase === 'error' && m.phase !== 'error') {
        const gaveUp = input.type === 'source' && input.status === 'error';
        const lastRepair = input.type === 'repair-failed' && m.attempts + 1 >= m.maxRepairAttempts;
        const repairedButGone = input.type === 'repaired' && m.source === 'failed' && !m.canResume;
        expect(gaveUp || lastRepair || repairedButGone, label).toBe(true);
        expect(next.error, label).toBeTruthy();
      }
      if (m.phase === 'error' && input.type !== 'retry' && input.type !== 'close' && !(input.type === 'source' && input.status === 'closed')) expect(next.phase, label).toBe('error');

      // Outcomes of a repair count only while repairing.
      if ((input.type === 'repaired' || input.type === 'repair-failed') && m.phase !== 'repairing') expect([next, effects], label).toEqual([m, []]);
      // A retry while a repair runs starts no second one.
      if (input.type === 'retry' && m.phase === 'repairing') expect(effects, label).toEqual([]);
      // A stale view never loses the moment it went stale, except to a repair that cleared it or a fresh report.
      if (m.staleSince !== undefined && next.staleSince === undefined) {
        const cleared = (input.type === 'repaired' && !input.stale) || (input.type === 'ingested' && !input.stale) || (input.type === 'source' && input.status === 'open' && !m.canRepair);
        expect(cleared, label).toBe(true);
      }
    }
  });
});

describe('connection state machine: the transitions that matter', () => {
  const base = (patch: Partial<ConnectionMachine> = {}): ConnectionMachine => ({ ...initialMachine({ canRepair: true, canResume: true }), phase: 'open', source: 'open', ...patch });
  const ingested = (patch: Partial<Extract<ConnectionInput, { type: 'ingested' }>> = {}): ConnectionInput => ({ type: 'ingested', after: 'batch', pending: 0, damaged: false, stale: false, at: 0, ...patch });

  it('a disconnect marks the view stale and repairs at once; the repair resumes the source after the snapshot cursor', () => {
    const [repairing, effects] = step(base(), { type: 'source', status: 'reconnecting', at: 5 });
    expect([repairing.phase, types(effects)]).toEqual(['repairing', ['mark-stale', 'cancel-gap-timer', 'read-thread']]);
    const [open, after] = step(repairing, { type: 'repaired', cursor: 9, stale: false, at: 125 });
    expect(open).toMatchObject({ phase: 'open', lastRepairMs: 120, attempts: 0, episodeRepairs: 0, staleSince: undefined });
    expect(after).toEqual([{ type: 'resume', cursor: 9 }]);
  });

  it('a gap waits for its deadline, then is declared and repaired', () => {
    const [waiting, effects] = step(base(), ingested({ pending: 2 }));
    expect([waiting.phase, types(effects)]).toEqual(['gap-wait', ['start-gap-timer']]);
    expect(step(waiting, ingested({ pending: 0 }))[0].phase).toBe('open');
    const [, deadline] = step(waiting, { type: 'gap-timeout' });
    expect(types(deadline)).toEqual(['flush', 'settle']);
    expect(step(waiting, ingested({ after: 'settle', pending: 2, damaged: true, stale: true }))[0].phase).toBe('repairing');
  });

  it('bug 6: a source that ends during a repair is ended once the repair is done, not open', () => {
    const turn = base({ canResume: false });
    const [repairing] = step(turn, ingested({ damaged: true, stale: true }));
    const [stillRepairing, effects] = step(repairing, { type: 'source', status: 'ended', at: 1 });
    expect([stillRepairing.phase, types(effects)]).toEqual(['repairing', ['cancel-gap-timer', 'flush', 'settle']]);
    expect(step(stillRepairing, { type: 'repaired', stale: false, at: 2 })[0].phase).toBe('ended');
  });

  it('bug 7: one repair per stale episode; a repeat waits out a growing backoff; a fresh view starts over', () => {
    let m = base();
    [m] = step(m, ingested({ damaged: true, stale: true }));
    expect(m.phase).toBe('repairing');
    // The snapshot was behind: the view is still stale.
    [m] = step(m, { type: 'repaired', stale: true, at: 1 });
    expect(m).toMatchObject({ phase: 'open', episodeRepairs: 1 });
    let effects: ConnectionEffect[];
    [m, effects] = step(m, ingested({ damaged: true, stale: true }));
    expect([m.phase, effects]).toEqual(['backoff', [{ type: 'cancel-gap-timer' }, { type: 'start-backoff', attempt: 1 }]]);
    // More damage while backing off starts nothing more.
    expect(step(m, ingested({ damaged: true, stale: true }))[1]).toEqual([]);
    [m] = step(m, { type: 'backoff-elapsed' });
    [m] = step(m, { type: 'repaired', stale: true, at: 2 });
    [m, effects] = step(m, ingested({ damaged: true, stale: true }));
    expect(effects).toContainEqual({ type: 'start-backoff', attempt: 2 });
    [m] = step(m, { type: 'backoff-elapsed' });
    [m] = step(m, { type: 'repaired', stale: false, at: 3 });
    expect(m.episodeRepairs).toBe(0);
    expect(step(m, ingested({ damaged: true, stale: true }))[0].phase).toBe('repairing');
  });

  it('failed repairs back off and end in error; retry leaves error for a new repair', () => {
    let m = base();
    [m] = step(m, { type: 'source', status: 'reconnecting', at: 0 });
    let effects: ConnectionEffect[] = [];
    for (let attempt = 1; attempt <= 4; attempt++) {
      [m, effects] = step(m, { type: 'repair-failed', error: '503' });
      expect(effects[0]).toEqual({ type: 'report-failure', attempt, error: '503' });
      expect(effects).toContainEqual({ type: 'start-backoff', attempt });
      [m] = step(m, { type: 'backoff-elapsed' });
    }
    [m, effects] = step(m, { type: 'repair-failed', error: '503' });
    expect(m).toMatchObject({ phase: 'error', attempts: 5, error: 'the stream could not be repaired: 503' });
    expect(types(effects)).toEqual(['report-failure']);
    expect(step(m, { type: 'source', status: 'open', at: 9 })[0].phase).toBe('error');
    const [retried, again] = step(m, { type: 'retry' });
    expect([retried.phase, retried.attempts, retried.error, types(again).at(-1)]).toEqual(['repairing', 0, undefined, 'read-thread']);
  });

  it('without an adapter a disconnect waits for the source; its reopening clears the disconnect; giving up is an error', () => {
    let m = base({ canRepair: false });
    let effects: ConnectionEffect[];
    [m, effects] = step(m, { type: 'source', status: 'reconnecting', error: 'HTTP 503', at: 0 });
    expect([m.phase, statusOf(m.phase), types(effects)]).toEqual(['backoff', 'reconnecting', ['mark-stale', 'cancel-gap-timer']]);
    [m, effects] = step(m, { type: 'source', status: 'open', at: 1 });
    expect([m.phase, types(effects)]).toEqual(['open', ['clear-stale']]);
    [m] = step(m, { type: 'source', status: 'error', error: 'gave up after 8 reconnects', at: 2 });
    expect(m).toMatchObject({ phase: 'error', error: 'gave up after 8 reconnects' });
    [m, effects] = step(m, { type: 'retry' });
    expect([m.phase, effects]).toEqual(['connecting', [{ type: 'resume' }]]);
  });
});
