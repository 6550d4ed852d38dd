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
        const report = store.getState().applyReadModel(readJson(join(FIXTURES, `${name}.snapshot.json`)));
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

  it('coding-session tells a story, not word salad: every sentence of the answers and prompts is written, the last answer has a table and code', () => {
    const summary = summarize(replayText(readFixture('coding-session')).store.getState());
    const text = summary.messages.map((m) => m.text).join('\n');
    // The old generator repeated words from one list ("Step 7: Event the the keeps shows shows.").
    expect(text).not.toMatch(/\b(\w+) \1\b/);
    expect(text).not.toMatch(/^Step \d+:/m);
    const last = summary.messages.at(-1)!.text;
    expect(last).toMatch(/^\| file \| change \|$/m);
    expect(last).toContain('```ts');
    expect(summary.messages.filter((m) => m.role === 'user').map((m) => m.text)[2]).toBe('Add tests for withRetry and a test:retry script, then run them.');
  });

  for (const name of ['task-retry', 'coding-session']) {
    it(`${name}: a tool's durationMs and any "after N s" in its message agree with its timestamps`, () => {
      const started = new Map<string, number>();
      let checked = 0;
      for (const { value } of parseJsonl(readFixture(name)).records) {
        const e = value as { type: string; toolCallId?: string; timestamp: string; payload: { durationMs?: number; message?: string } };
        if (e.type === 'tool.started') started.set(e.toolCallId!, Date.parse(e.timestamp));
        if (e.type !== 'tool.result' && e.type !== 'tool.failed') continue;
        const elapsed = Date.parse(e.timestamp) - started.get(e.toolCallId!)!;
        if (e.payload.durationMs !== undefined) expect(e.payload.durationMs, `${e.toolCallId} durationMs`).toBe(elapsed);
        const said = /after (\d+) s\b/.exec(e.payload.message ?? '');
        if (said) expect(elapsed, `${e.toolCallId}: "${e.payload.message}"`).toBeGreaterThanOrEqual(Number(said[1]) * 1000);
        checked += 1;
      }
      expect(checked).toBeGreaterThan(1);
    });
  }

  it('stream-repair: the resumed stream after repair adds nothing the snapshot already covers', () => {
    const { store } = replayText(readFixture('stream-repair'));
    store.getState().applyReadModel(readJson(join(FIXTURES, 'stream-repair.snapshot.json')));
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
