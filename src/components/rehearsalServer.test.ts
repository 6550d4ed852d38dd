// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { preloadKit } from './preloadKit';

// A server awaits preloadKit before rendering (README); the same call with `rehearse` must not
// need a document there.
describe('preloadKit({ rehearse }) on a server', () => {
  it('loads the kit and rehearses nothing, without a document', async () => {
    expect(typeof document).toBe('undefined');
    await expect(preloadKit({ rehearse: true })).resolves.toBeUndefined();
  });
});
