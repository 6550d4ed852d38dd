// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { ToggleGroup } from './ToggleGroup';

afterEach(cleanup);

function Modes({ initial = 'steer' }: { initial?: string }) {
  const [mode, setMode] = useState(initial);
  return (
    <ToggleGroup.Root value={mode} onValueChange={setMode} aria-label="Mode">
      <ToggleGroup.Item value="steer">Steer</ToggleGroup.Item>
      <ToggleGroup.Item value="off" disabled>
        Off
      </ToggleGroup.Item>
      <ToggleGroup.Item value="queue">Queue</ToggleGroup.Item>
    </ToggleGroup.Root>
  );
}

describe('ToggleGroup (one choice, radio semantics)', () => {
  it('the chosen item is checked and the one tab stop; a click chooses', async () => {
    const user = userEvent.setup();
    render(<Modes />);
    const [steer, , queue] = screen.getAllByRole('radio');
    expect([steer!.getAttribute('aria-checked'), steer!.tabIndex, queue!.getAttribute('aria-checked'), queue!.tabIndex]).toEqual(['true', 0, 'false', -1]);
    await user.click(queue!);
    expect(queue!.getAttribute('aria-checked')).toBe('true');
    expect(queue!.getAttribute('data-state')).toBe('on');
  });
  it('arrow keys move focus over enabled items, wrapping; Space chooses', async () => {
    const user = userEvent.setup();
    render(<Modes />);
    await user.tab();
    expect(document.activeElement!.textContent).toBe('Steer');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement!.textContent).toBe('Queue');
    await user.keyboard(' ');
    expect(screen.getByRole('radio', { name: 'Queue' }).getAttribute('aria-checked')).toBe('true');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement!.textContent).toBe('Steer');
  });
  it('server HTML carries no style attribute', () => {
    expect(renderToString(<Modes />)).not.toContain('style=');
  });
});
