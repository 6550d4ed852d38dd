// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fixtureEvents, renderWith, storeFrom, stubLayout } from '../../test/componentHarness';
import { OPEN_DELAY_MS, SKIP_DELAY_MS, TooltipScope } from '../ui/TooltipScope';
import { AgentWorkbench } from './AgentWorkbench';
import { FactBadge } from './FactBadge';

beforeAll(() => stubLayout(600, 800));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const tooltip = () => screen.queryByRole('tooltip');

describe('badge tooltips', () => {
  it('open on hover after the delay, say why, close on leave and on Escape; portalled to the body', () => {
    vi.useFakeTimers();
    render(<FactBadge fact="stale" reason="Sequence 9 never arrived" />);
    const badge = document.querySelector('.aui-fact-badge')!;
    fireEvent.pointerEnter(badge);
    act(() => vi.advanceTimersByTime(OPEN_DELAY_MS - 10));
    expect(tooltip()).toBeNull();
    act(() => vi.advanceTimersByTime(20));
    expect(tooltip()!.textContent).toBe('Sequence 9 never arrived');
    expect(tooltip()!.parentElement).toBe(document.body);
    fireEvent.pointerLeave(badge);
    expect(tooltip()).toBeNull();
    fireEvent.pointerEnter(badge);
    act(() => vi.advanceTimersByTime(OPEN_DELAY_MS));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(tooltip()).toBeNull();
  });

  it('badges of one scope share the delay: the next opens at once after one closes (the workbench has one scope)', () => {
    vi.useFakeTimers();
    renderWith(
      <>
        <AgentWorkbench />
        <FactBadge fact="stale" reason="first" />
        <FactBadge fact="unavailable" reason="second" />
      </>,
      storeFrom(fixtureEvents('degraded-facts')),
    );
    const [first, second] = [...document.querySelectorAll('.aui-fact-badge')].slice(-2);
    fireEvent.pointerEnter(first!);
    act(() => vi.advanceTimersByTime(OPEN_DELAY_MS));
    fireEvent.pointerLeave(first!);
    fireEvent.pointerEnter(second!);
    expect(tooltip()!.textContent).toBe('second');
  });

  it('outside any scope a badge has its own: it waits for the delay every time', () => {
    vi.useFakeTimers();
    render(
      <>
        <FactBadge fact="stale" reason="first" />
        <FactBadge fact="unavailable" reason="second" />
      </>,
    );
    const [first, second] = [...document.querySelectorAll('.aui-fact-badge')];
    fireEvent.pointerEnter(first!);
    act(() => vi.advanceTimersByTime(OPEN_DELAY_MS));
    fireEvent.pointerLeave(first!);
    fireEvent.pointerEnter(second!);
    expect(tooltip()).toBeNull();
    act(() => vi.advanceTimersByTime(OPEN_DELAY_MS));
    expect(tooltip()!.textContent).toBe('second');
  });

  it('within a TooltipScope, past SKIP_DELAY_MS the delay applies again', () => {
    vi.useFakeTimers();
    render(
      <TooltipScope>
        <FactBadge fact="stale" reason="first" />
        <FactBadge fact="unavailable" reason="second" />
      </TooltipScope>,
    );
    const [first, second] = [...document.querySelectorAll('.aui-fact-badge')];
    fireEvent.pointerEnter(first!);
    act(() => vi.advanceTimersByTime(OPEN_DELAY_MS));
    fireEvent.pointerLeave(first!);
    act(() => vi.advanceTimersByTime(SKIP_DELAY_MS + 10));
    fireEvent.pointerEnter(second!);
    expect(tooltip()).toBeNull();
  });
});
