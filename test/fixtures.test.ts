import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { parseJsonl } from '../src/protocol/parseJsonl';
import { createRuntimeStore } from '../src/store/createRuntimeStore';
import { summarize, type RuntimeSummary } from '../src/store/selectors/summarize';
import { replayText } from '../src/stream/replayText';
import { expectSummary } from './expectSummary';
import { FIXTURES, PROFILE_FIXTURES, fixtureNames, readExpect, readFixture, readJson } from './referenceData';
import { profilePackTests } from './profilePack';

const withoutCounts = ({ counts: _counts, ...rest }: RuntimeSummary) => rest;

describe('scenario fixtures replay to their expected summaries', () => {
  const names = fixtureNames();

  it('include the seven provider fixtures of seed 003 and the kit scenarios', () => {
    for (const name of ['text-basic', 'tool-success', 'tool-failure', 'hitl-action', 'artifact-evidence', 'stream-repair', 'subagent-handoff',
      'task-retry', 'routing-limits', 'degraded-facts', 'alias-vocabulary', 'coding-session']) {
      expect(names).toContain(name);
    }
  });

  for (const name of names) {
    it(name, () => {
      const { store } = replayText(readFixture(name));
      const expected = readExpect(name);
      expectSummary(summarize(store.getState()), expected, name);
      if (expected.afterRepair) {
        const report = store.getState().hydrate(readJson(join(FIXTURES, `${name}.snapshot.json`)));
        expect(report.applied).toBe(true);
        expectSummary(summarize(store.getState()), expected.afterRepair as Record<string, unknown>, `${name} after repair`);
      }
    });

    it(`${name}: applying the stream twice gives the same state as once`, () => {
      const { records } = parseJsonl(readFixture(name));
      const store = createRuntimeStore();
      const events = records.map((r) => r.value);
      store.getState().ingest(events);
      store.getState().settle();
      const once = summarize(store.getState());
      const report = store.getState().ingest(events);
      store.getState().settle();
      expect(withoutCounts(summarize(store.getState()))).toEqual(withoutCounts(once));
      expect(report.counts.duplicates).toBe(events.filter((e) => typeof (e as { eventId?: unknown }).eventId === 'string').length);
    });
  }

  it('coding-session is long and realistic: 5+ turns, 1,000+ events, 30+ tools with failures', () => {
    const { records } = parseJsonl(readFixture('coding-session'));
    const summary = summarize(replayText(readFixture('coding-session')).store.getState());
    expect(records.length).toBeGreaterThanOrEqual(1000);
    expect(summary.turns.length).toBeGreaterThanOrEqual(5);
    expect(summary.tools.length).toBeGreaterThanOrEqual(30);
    expect(summary.tools.filter((t) => t.status === 'failed').length).toBeGreaterThanOrEqual(3);
  });

  it('stream-repair: the resumed stream after repair adds nothing the snapshot already covers', () => {
    const { store } = replayText(readFixture('stream-repair'));
    store.getState().hydrate(readJson(join(FIXTURES, 'stream-repair.snapshot.json')));
    const repaired = summarize(store.getState());
    // The server resumes after the cursor; a re-sent tail is covered by the snapshot.
    const tail = parseJsonl(readFixture('stream-repair')).records.map((r) => r.value).slice(-4);
    const report = store.getState().ingest(tail);
    expect(report.counts.applied).toBe(0);
    expect(withoutCounts(summarize(store.getState()))).toEqual(withoutCounts(repaired));
  });
});

describe('the kit’s Lime profile pack (fixtures/profile) projects as SPEC section 9 says', () => {
  profilePackTests(PROFILE_FIXTURES);
});
