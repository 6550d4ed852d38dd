import { expect, waitFor } from 'storybook/test';

/**
 * Waits until every part of the kit that loads as a chunk of its own (rows, lanes, the virtualizer)
 * has arrived under `root`: no placeholder (`data-loading`) and no list still busy (`aria-busy`).
 * A play function that reads those parts waits here first, as a person waits for them to show.
 */
export async function kitLoaded(root: Element): Promise<void> {
  await waitFor(() => expect(root.querySelector('[data-loading], [aria-busy="true"]')).toBeNull());
}
