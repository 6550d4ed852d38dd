import { describe, expect, it } from 'vitest';
import { DEFAULT_LABELS } from './labels';
import { SHELL_LABELS } from './shellLabels';

// The first screen reads SHELL_LABELS only: a key it builds at run time (`status.${stage}`,
// `workbench.${lane}`, a routing source) must be in it, or it would show the
// runtime's word where the whole table has a label.
describe('the first screen’s labels', () => {
  it('are the whole table’s words', () => {
    for (const [key, text] of Object.entries(SHELL_LABELS)) expect(DEFAULT_LABELS[key as keyof typeof DEFAULT_LABELS], key).toBe(text);
  });

  it('hold every key of the families the shell looks up by value', () => {
    const families = ['format.', 'status.', 'connection.', 'conversation.', 'composer.', 'workbench.', 'live.', 'source.'];
    // Read only by lazily loaded parts (the cut notice, the composer's queue/steer choice), through the whole table.
    const lazyOnly = ['conversation.cut.disconnected', 'conversation.cut.missing', 'composer.steer', 'composer.mode'];
    const missing = Object.keys(DEFAULT_LABELS).filter((key) => families.some((family) => key.startsWith(family)) && !Object.hasOwn(SHELL_LABELS, key) && !lazyOnly.includes(key));
    expect(missing).toEqual([]);
  });
});
