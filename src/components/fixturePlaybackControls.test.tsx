// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { eventBuilder, turn } from '../../test/eventBuilder';
import { replaySource } from '../stream/replaySource';
import { TOOL_LABELS } from '../ui/labels';
import { FixturePlaybackControls } from './FixturePlaybackControls';
import { useToolLabels } from './useToolLabels';

// The playback toolbar that the kit's FixtureStory and the project's Storybook player share.

afterEach(cleanup);

/** A turn that starts, streams `count - 3` deltas and completes: `count` events. */
function events(count: number): unknown[] {
  const e = eventBuilder();
  const out: unknown[] = [e('turn.submitted', turn('t1'), { text: 'Hello' }), e('turn.started', turn('t1'))];
  while (out.length < count - 1) out.push(e('model.delta', turn('t1'), { delta: 'word ' }));
  out.push(e('turn.completed', turn('t1')));
  return out;
}

function Controls({ source, labels }: { source: ReturnType<typeof replaySource>; labels?: Record<string, string> }) {
  const t = useToolLabels(labels);
  return (
    <FixturePlaybackControls source={source} t={t}>
      <button type="button">Event log</button>
    </FixturePlaybackControls>
  );
}

describe('FixturePlaybackControls', () => {
  it('steps one event at a time and shows the position, in the slider and beside it', async () => {
    const source = replaySource(events(6));
    render(<Controls source={source} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Step one event' }));
    await user.click(screen.getByRole('button', { name: 'Step one event' }));
    expect(source.getState().index).toBe(2);
    expect(screen.getByRole('slider', { name: 'Event' }).getAttribute('aria-valuetext')).toBe('2 of 6 events');
    expect(screen.getByText('2 / 6')).toBeTruthy();
  });

  it('at the end, Step and End are disabled and Play replays the session from its first event', async () => {
    const source = replaySource(events(6));
    render(<Controls source={source} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'End' }));
    expect(source.getState().index).toBe(6);
    expect((screen.getByRole('button', { name: 'Step one event' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'End' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Play' }));
    // Replayed from the start: the position went back to 0 and the clock runs (Pause is offered).
    expect(source.getState().playing).toBe(true);
    expect(source.getState().index).toBeLessThan(6);
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();
    act(() => source.pause());
  });

  it('seeks with the slider and changes the speed', async () => {
    const source = replaySource(events(6));
    render(<Controls source={source} />);
    const slider = screen.getByRole('slider', { name: 'Event' }) as HTMLInputElement;
    fireEvent.change(slider, { target: { value: '4' } });
    expect(source.getState().index).toBe(4);
    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Speed' }), '5');
    expect(source.getState().speed).toBe(5);
  });

  it('speaks the labels it is given, and the tools a player adds are in the same toolbar', () => {
    const source = replaySource(events(3));
    render(<Controls source={source} labels={{ 'fixture.toolbar': 'Wiedergabe', 'fixture.play': 'Abspielen', 'fixture.count': '{index} von {total}' }} />);
    const toolbar = screen.getByRole('toolbar', { name: 'Wiedergabe' });
    expect(toolbar.querySelector('button')!.textContent).toBe('Abspielen');
    expect(screen.getByText('0 von 3')).toBeTruthy();
    expect(toolbar.lastElementChild!.textContent).toBe('Event log');
    expect(TOOL_LABELS['fixture.toolbar']).toBe('Playback');
  });
});
