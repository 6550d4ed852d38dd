// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from 'vitest';
import { stubLayout } from '../../test/componentHarness';
import { preloadKit } from './preloadKit';

// jsdom lays nothing out: the virtualizer is given a window's size, as in a browser.
beforeAll(() => stubLayout(600, 800));

/** Every element attached to the body while `run` runs, as it was when attached (with what it held a frame later). */
async function attachedDuring(run: () => Promise<void>): Promise<{ host: HTMLElement; held: string[] }[]> {
  const attached: { host: HTMLElement; held: string[] }[] = [];
  const observer = new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) if (node instanceof HTMLElement) attached.push({ host: node, held: [] });
  });
  observer.observe(document.body, { childList: true });
  const frames = setInterval(() => {
    for (const entry of attached) if (entry.host.isConnected) entry.held = [...entry.host.querySelectorAll('.aui-workbench, .aui-message')].map((el) => (el.classList.contains('aui-workbench') ? 'aui-workbench' : 'aui-message'));
  }, 5);
  try {
    await run();
  } finally {
    clearInterval(frames);
    observer.disconnect();
  }
  return attached;
}

describe('preloadKit({ rehearse })', () => {
  it('renders the workbench over a sample session in one hidden, inert element, then removes it; once per page', async () => {
    const before = document.body.innerHTML;
    const first = await attachedDuring(() => preloadKit({ rehearse: true }));
    expect(first).toHaveLength(1);
    const { host, held } = first[0]!;
    expect(host.getAttribute('aria-hidden')).toBe('true');
    expect(host.hasAttribute('inert')).toBe(true);
    expect(host.style.visibility).toBe('hidden');
    expect(host.style.pointerEvents).toBe('none');
    // It rendered the workbench and the sample's messages while attached.
    expect(held[0]).toBe('aui-workbench');
    expect(held.filter((name) => name === 'aui-message').length).toBeGreaterThan(0);
    expect(host.isConnected).toBe(false);
    expect(document.body.innerHTML).toBe(before);
    // Asked again, it does not render again.
    expect(await attachedDuring(() => preloadKit({ rehearse: true }))).toEqual([]);
  });

  it('is not done unless asked', async () => {
    expect(await attachedDuring(() => preloadKit())).toEqual([]);
  });
});
