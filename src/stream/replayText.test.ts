import { describe, expect, it } from 'vitest';
import { eventBuilder, turn } from '../../test/eventBuilder';
import { replayText } from './replayText';
import { summarize } from '../store/selectors/summarize';

describe('replayText', () => {
  it('reads a document after a byte order mark as the document (a file saved with one, as readFileSync keeps it)', () => {
    const ev = eventBuilder();
    const event = ev('turn.submitted', turn(), { text: 'hi' }, 1);
    const pretty = JSON.stringify(event, null, 2);
    const array = JSON.stringify([event, ev('turn.started', turn(), {}, 2)]);
    for (const text of [pretty, array]) {
      const plain = replayText(text);
      const marked = replayText(`\ufeff${text}`);
      expect(marked.input).toBe(plain.input);
      expect(summarize(marked.store.getState())).toEqual(summarize(plain.store.getState()));
      expect(summarize(marked.store.getState()).diagnostics).toEqual([]);
    }
  });
});
