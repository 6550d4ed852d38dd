// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Tabs } from './Tabs';

afterEach(cleanup);

const three = (onValueChange?: (value: string) => void) => (
  <Tabs.Root defaultValue="b" onValueChange={onValueChange}>
    <Tabs.List aria-label="Lanes">
      <Tabs.Trigger value="a">A</Tabs.Trigger>
      <Tabs.Trigger value="b">B</Tabs.Trigger>
      <Tabs.Trigger value="c">C</Tabs.Trigger>
    </Tabs.List>
    <Tabs.Content value="a">Panel A</Tabs.Content>
    <Tabs.Content value="b">Panel B</Tabs.Content>
    <Tabs.Content value="c">Panel C</Tabs.Content>
  </Tabs.Root>
);

describe('Tabs (the WAI-ARIA tabs pattern)', () => {
  it('one tab stop, the selected tab; its panel labelled by it; the others not mounted', () => {
    render(three());
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => [tab.getAttribute('aria-selected'), tab.tabIndex])).toEqual([['false', -1], ['true', 0], ['false', -1]]);
    const panel = screen.getByRole('tabpanel');
    expect(panel.textContent).toBe('Panel B');
    expect(panel.getAttribute('aria-labelledby')).toBe(tabs[1]!.id);
    expect(tabs[1]!.getAttribute('aria-controls')).toBe(panel.id);
  });

  it('arrow keys, Home and End move focus and select, wrapping around', async () => {
    const user = userEvent.setup();
    const changed = vi.fn();
    render(three(changed));
    await user.click(screen.getByRole('tab', { name: 'B' }));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement!.textContent).toBe('C');
    expect(screen.getByRole('tabpanel').textContent).toBe('Panel C');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tabpanel').textContent).toBe('Panel A');
    await user.keyboard('{End}');
    expect(screen.getByRole('tabpanel').textContent).toBe('Panel C');
    await user.keyboard('{Home}{ArrowLeft}');
    expect(document.activeElement!.textContent).toBe('C');
    expect(changed.mock.calls.map(([value]) => value)).toEqual(['b', 'c', 'a', 'c', 'a', 'c']);
  });

  it('server HTML carries no style attribute (a strict CSP blocks them)', () => {
    expect(renderToString(three())).not.toContain('style=');
  });
});
