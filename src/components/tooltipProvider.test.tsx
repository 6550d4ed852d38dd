// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import * as radix from 'radix-ui';
import { useEffect } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fixtureEvents, renderWith, storeFrom, stubLayout } from '../../test/componentHarness';
import { AgentWorkbench } from './AgentWorkbench';
import { FactBadge } from './FactBadge';

// Counts the Radix tooltip providers mounted: the kit should mount one for all its badges.
const providers = vi.hoisted(() => ({ mounted: 0 }));
vi.mock('radix-ui', async (importOriginal) => {
  const actual = await importOriginal<typeof radix>();
  function CountedProvider(props: Parameters<typeof actual.Tooltip.Provider>[0]) {
    useEffect(() => {
      providers.mounted++;
      return () => void providers.mounted--;
    }, []);
    return <actual.Tooltip.Provider {...props} />;
  }
  return { ...actual, Tooltip: { ...actual.Tooltip, Provider: CountedProvider } };
});

beforeAll(() => stubLayout(600, 800));
afterEach(cleanup);

describe('one tooltip provider at the root', () => {
  it('every badge of a workbench shares the one provider RuntimeProvider renders', () => {
    const { container } = renderWith(
      <>
        <AgentWorkbench />
        <FactBadge fact="stale" />
        <FactBadge fact="unavailable" />
      </>,
      storeFrom(fixtureEvents('degraded-facts')),
    );
    expect(container.querySelectorAll('.aui-fact-badge').length).toBeGreaterThanOrEqual(3);
    expect(providers.mounted).toBe(1);
  });

  it('a badge rendered alone, outside any provider, still has one (its own)', () => {
    render(<FactBadge fact="unknown" />);
    expect(providers.mounted).toBe(1);
  });
});
