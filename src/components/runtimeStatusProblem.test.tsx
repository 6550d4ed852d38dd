// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fixtureEvents, renderWith, storeFrom } from '../../test/componentHarness';
import { RuntimeStatus } from './RuntimeStatus';

afterEach(cleanup);

// RuntimeStatus.Problem is not in the default composition and loads as a chunk of its own
// (lazyStatusProblem.tsx): what a layout that composes it shows.
describe('RuntimeStatus.Problem', () => {
  it("says a failed turn's category, retryability and hint, in the labels' words", () => {
    const { container } = renderWith(
      <RuntimeStatus.Root labels={{ 'status.retryable': 'Can retry' }}>
        <RuntimeStatus.Problem />
      </RuntimeStatus.Root>,
      storeFrom(fixtureEvents('tool-failure')),
    );
    const problem = container.querySelector('.aui-runtime-status__problem')!;
    expect(problem.getAttribute('data-failure-category')).toBe('tool_failed');
    expect(problem.textContent).toBe('A tool failed · Can retry · What to do: Retry after fixing the test.');
  });

  it('says nothing without a failure or a block, and holds its place, busy and empty, until its code arrives', async () => {
    expect(renderWith(<RuntimeStatus.Root><RuntimeStatus.Problem /></RuntimeStatus.Root>).container.querySelector('.aui-runtime-status__problem')).toBeNull();
    cleanup();
    vi.resetModules();
    const [{ RuntimeStatus: ColdStatus }, { RuntimeProvider }, { statusProblemModule }] = await Promise.all([import('./RuntimeStatus'), import('../hooks/RuntimeProvider'), import('./lazyStatusProblem')]);
    const { container } = render(
      <RuntimeProvider store={storeFrom(fixtureEvents('tool-failure'))}>
        <ColdStatus.Root>
          <ColdStatus.Problem />
        </ColdStatus.Root>
      </RuntimeProvider>,
    );
    const placeholder = container.querySelector('.aui-runtime-status__problem')!;
    expect(placeholder.getAttribute('aria-busy')).toBe('true');
    expect(placeholder.textContent).toBe('');
    await act(() => statusProblemModule.load());
    expect(container.querySelector('.aui-runtime-status__problem')!.textContent).toContain('A tool failed');
  });
});
