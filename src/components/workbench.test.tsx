// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventBuilder, toolIds, turn } from '../../test/eventBuilder';
import { renderWith, storeFrom, stubLayout } from '../../test/componentHarness';
import { RuntimeProvider } from '../hooks/RuntimeProvider';
import { AgentWorkbench } from './AgentWorkbench';

beforeAll(() => stubLayout(600, 800));
afterEach(cleanup);
const t1 = turn();

/** A failed tool step with evidence recorded for it. */
function failedToolWithEvidence() {
  const ev = eventBuilder();
  return storeFrom([
    ev('turn.started', t1),
    ev('tool.started', toolIds(1), { toolName: 'run_tests' }),
    ev('tool.failed', toolIds(1), { category: 'process_exit', message: 'exit 1' }),
    ev('evidence.changed', { ...toolIds(1), evidenceId: 'ev-1' }, { status: 'recorded' }),
  ]);
}

describe('AgentWorkbench evidence links', () => {
  it('opening evidence from the thread switches to the Evidence tab and focuses the record', async () => {
    const user = userEvent.setup();
    renderWith(<AgentWorkbench />, failedToolWithEvidence());
    expect(screen.getByRole('tab', { name: 'Task' }).getAttribute('aria-selected')).toBe('true');
    const thread = screen.getByRole('log');
    await user.click(within(thread).getByRole('button', { name: 'Details of run_tests' }));
    await user.click(within(thread).getByRole('button', { name: 'Evidence ev-1' }));
    expect(screen.getByRole('tab', { name: 'Evidence' }).getAttribute('aria-selected')).toBe('true');
    const record = screen.getByRole('tabpanel').querySelector('.aui-evidence')!;
    expect(record.getAttribute('data-evidence-status')).toBe('recorded');
    expect(document.activeElement).toBe(record);
  });

  it('two workbenches on a page: no duplicate ids, and each opens its own evidence', async () => {
    const user = userEvent.setup();
    const { container } = renderWith(
      <>
        <AgentWorkbench defaultLane="evidence" />
        <RuntimeProvider store={failedToolWithEvidence()}>
          <AgentWorkbench defaultLane="evidence" />
        </RuntimeProvider>
      </>,
      failedToolWithEvidence(),
    );
    const ids = [...container.querySelectorAll('[id]')].map((el) => el.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    const [, second] = [...container.querySelectorAll<HTMLElement>('.aui-workbench')];
    await user.click(within(second!).getByRole('button', { name: 'Details of run_tests' }));
    await user.click(within(second!).getByRole('button', { name: 'Evidence ev-1' }));
    expect(second!.contains(document.activeElement)).toBe(true);
    expect(document.activeElement!.classList.contains('aui-evidence')).toBe(true);
  });
});
