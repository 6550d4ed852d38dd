import { describe, expect, it } from 'vitest';
import { eventBuilder, turn } from '../../../test/eventBuilder';
import { createRuntimeStore } from '../createRuntimeStore';
import { summarize } from '../selectors/summarize';
import { selectEvidenceSummary } from '../selectors/readModels';

const ids = { ...turn(), evidenceId: 'ev1' };

function run(payloads: [string, Record<string, unknown>][]) {
  const ev = eventBuilder();
  const store = createRuntimeStore();
  store.getState().ingest(payloads.map(([type, payload]) => ev(type, ids, payload)));
  const summary = summarize(store.getState());
  return { status: summary.evidence[0]!.status, codes: summary.diagnostics.map((d) => d.code), lane: selectEvidenceSummary(store.getState()).items[0]!.status };
}

describe('disputed evidence: any conflict between evidence and review, both directions', () => {
  it('a rejecting review of evidence the runtime marked verified', () => {
    expect(run([['evidence.changed', { status: 'verified' }], ['review.verdict', { verdict: 'rejected' }]])).toEqual({ status: 'disputed', codes: ['evidence_disputed'], lane: 'disputed' });
  });

  it('verified evidence with a failed verification outcome', () => {
    expect(run([['evidence.changed', { status: 'verified', verificationOutcomes: [{ name: 'tests', status: 'failed' }] }]])).toEqual({
      status: 'disputed',
      codes: ['evidence_disputed'],
      lane: 'disputed',
    });
  });

  it('an approving review of a failed verification (the direction that already worked)', () => {
    expect(run([['evidence.changed', { status: 'exported', verificationOutcomes: [{ name: 'tests', status: 'failed' }] }], ['review.verdict', { verdict: 'approved' }]])).toMatchObject({
      status: 'disputed',
      codes: ['evidence_disputed'],
    });
  });

  it('agreeing facts are not a dispute', () => {
    expect(run([['evidence.changed', { status: 'verified', verificationOutcomes: [{ name: 'tests', status: 'passed' }] }], ['review.verdict', { verdict: 'approved' }]])).toEqual({
      status: 'verified',
      codes: [],
      lane: 'verified',
    });
    expect(run([['evidence.changed', { status: 'failed' }], ['review.verdict', { verdict: 'rejected' }]])).toMatchObject({ status: 'failed', codes: [] });
  });
});
