// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations, fixtureEvents, renderWith, storeFrom, stubLayout } from '../../test/componentHarness';
import { ArtifactCard } from './ArtifactCard';
import { AgentWorkbench } from './AgentWorkbench';

// What the runtime's artifact store serves for the fixture's refs (written by scripts/build-fixtures.mjs).
const refs = JSON.parse(readFileSync(join(process.cwd(), 'fixtures', 'artifact-evidence.refs.json'), 'utf8')) as Record<string, string>;
const loadRef = vi.fn(async (ref: string) => {
  if (!(ref in refs)) throw new Error(`no content for ${ref}`);
  return refs[ref]!;
});

beforeAll(() => stubLayout());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the artifact workspace', () => {
  it('a version picker switches the preview and the diff to that version’s own content', async () => {
    const user = userEvent.setup();
    renderWith(<ArtifactCard artifactId="art-notes" loadRef={loadRef} />, storeFrom(fixtureEvents('artifact-evidence')));
    await user.click(screen.getByRole('button', { name: 'Open Release notes' }));
    const dialog = await screen.findByRole('dialog');
    const picker = within(dialog).getByLabelText('Version') as HTMLSelectElement;
    // The current version first: version 2, its inline text.
    expect([...picker.options].map((o) => o.textContent)).toEqual(['Version 1', 'Version 2 (latest)']);
    expect(picker.value).toBe('v2');
    await waitFor(() => expect(dialog.querySelector('.aui-markdown')!.textContent).toContain('Approvals sit on the tool call they gate.'));
    await user.selectOptions(picker, 'v1');
    // Version 1 from its own ref: without the lines version 2 added.
    await waitFor(() => expect(loadRef).toHaveBeenCalledWith('artifact://art-notes/v1/preview'));
    await waitFor(() => expect(dialog.querySelector('.aui-markdown')!.textContent).toContain('Tool calls are grouped per step'));
    expect(dialog.querySelector('.aui-markdown')!.textContent).not.toContain('Approvals sit on the tool call they gate.');
    // Version 1 has no diff (nothing came before it): said so, not version 2's diff.
    await user.click(within(dialog).getByRole('tab', { name: 'Diff' }));
    await waitFor(() => expect(dialog.querySelector('[data-fact="unavailable"]')).not.toBeNull());
    expect(dialog.querySelector('[data-diff="add"]')).toBeNull();
    await user.selectOptions(picker, 'v2');
    await waitFor(() => expect([...dialog.querySelectorAll('[data-diff="add"]')].map((l) => l.textContent)).toEqual(['+- Streaming text no longer re-renders the whole thread.\n', '+- Approvals sit on the tool call they gate.\n']));
    await expectNoAxeViolations(document.body);
  });

  it('Copy copies what is shown and says so, then resets; Download saves it under the artifact’s name', async () => {
    const createObjectURL = vi.fn(() => 'blob:notes');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const user = userEvent.setup();
    // After setup: user-event puts its own clipboard on navigator.
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    renderWith(<ArtifactCard artifactId="art-notes" loadRef={loadRef} />, storeFrom(fixtureEvents('artifact-evidence')));
    await user.click(screen.getByRole('button', { name: 'Open Release notes' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(refs['artifact://art-notes/v2']);
    expect(await within(dialog).findByRole('button', { name: 'Copied' })).toBeTruthy();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeTruthy());
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(clicked).toEqual(['Release notes.md']);
  });

  it('in a workbench, Open shows the artifact in the side panel; Escape closes it and focus returns to Open', async () => {
    const user = userEvent.setup();
    const { container } = renderWith(<AgentWorkbench loadRef={loadRef} />, storeFrom(fixtureEvents('artifact-evidence')));
    const open = within(container.querySelector('.aui-conversation')!).getByRole('button', { name: 'Open Release notes' });
    await user.click(open);
    // No dialog: the panel beside the thread holds it, named by its heading, which takes focus.
    expect(screen.queryByRole('dialog')).toBeNull();
    const side = container.querySelector('.aui-workbench__lanes')!;
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Release notes'));
    expect(side.getAttribute('aria-labelledby')).toBe(document.activeElement!.id);
    expect(container.querySelector('.aui-workbench__layout')!.getAttribute('data-side')).toBe('artifact');
    await user.keyboard('{Escape}');
    expect(container.querySelector('.aui-workbench__layout')!.getAttribute('data-side')).toBe('lanes');
    expect(document.activeElement).toBe(open);
  });
});
