// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';

// A state that takes 1.5 s to come: past the libraries' own one-second default, inside the unit
// tests' bound (test/waitBounds.ts).
const after = (ms: number) => {
  let done = false;
  setTimeout(() => (done = true), ms);
  return () => done;
};

describe('waits in the unit tests outlast a slow machine', () => {
  it('vi.waitFor', async () => {
    const done = after(1_500);
    await vi.waitFor(() => expect(done()).toBe(true));
  });
  it("Testing Library's waitFor", async () => {
    const done = after(1_500);
    await waitFor(() => expect(done()).toBe(true));
  });
});
