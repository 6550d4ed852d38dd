// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventBuilder, turn } from '../../test/eventBuilder';
import { mockAdapter, renderWith, storeFrom, stubLayout } from '../../test/componentHarness';
import { httpAdapter } from '../stream/httpAdapter';
import { Composer } from './Composer';

beforeAll(() => stubLayout());
afterEach(cleanup);

/** An adapter whose first turn fails the way an HTTP runtime answers 501, and whose next one streams. */
function failingOnce() {
  const ev = eventBuilder();
  let calls = 0;
  const startTurn = vi.fn((_input: unknown) => {
    const call = ++calls;
    return (async function* () {
      if (call === 1) throw new Error('HTTP 501 Not Implemented');
      yield ev('turn.submitted', turn());
    })();
  });
  return mockAdapter({ startTurn: startTurn as never });
}

describe('Composer: a failed send keeps the prompt', () => {
  it('keeps the text, says why beside the composer, and sends the same prompt again on retry', async () => {
    const user = userEvent.setup();
    const adapter = failingOnce();
    const { store } = renderWith(<Composer />, storeFrom([]), adapter);
    const input = screen.getByLabelText('Message') as HTMLTextAreaElement;
    await user.type(input, 'Summarise the diff{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Not sent: HTTP 501 Not Implemented');
    expect(input.value).toBe('Summarise the diff');
    await user.click(screen.getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(input.value).toBe(''));
    expect(adapter.startTurn).toHaveBeenCalledTimes(2);
    expect((adapter.startTurn as ReturnType<typeof vi.fn>).mock.calls[1]![0]).toMatchObject({ prompt: 'Summarise the diff', mode: 'start' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send again' })).toBeNull();
    expect(store.getState().turns.ids).toEqual(['turn-1']);
  });

  it('through the HTTP adapter: a runtime answering 501 leaves the prompt in place and says so', async () => {
    const user = userEvent.setup();
    const fetchStub = vi.fn(async () => new Response('turns are not implemented', { status: 501 }));
    const { store } = renderWith(<Composer />, storeFrom([]), httpAdapter('http://runtime.test', { fetch: fetchStub as typeof fetch }));
    const input = screen.getByLabelText('Message') as HTMLTextAreaElement;
    await user.type(input, 'Hello{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Not sent: POST /turns: HTTP 501 turns are not implemented Send again');
    expect(input.value).toBe('Hello');
    expect(store.getState().diagnostics.ids.map((id) => store.getState().diagnostics.byId.get(id)!.code)).toContain('write_failed');
  });

  it('a failed prompt survives the composer being re-mounted (the provider keeps it)', async () => {
    const user = userEvent.setup();
    function Toggle() {
      const [shown, setShown] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setShown((v) => !v)}>toggle</button>
          {shown && <Composer />}
        </>
      );
    }
    renderWith(<Toggle />, storeFrom([]), failingOnce());
    await user.type(screen.getByLabelText('Message'), 'Keep me{Enter}');
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: 'toggle' }));
    expect(screen.queryByLabelText('Message')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'toggle' }));
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('Keep me');
    expect(screen.getByRole('alert').textContent).toContain('Not sent: HTTP 501 Not Implemented');
    expect(screen.getByRole('button', { name: 'Send again' })).toBeTruthy();
  });

  it('while the prompt is on its way, a second Enter does not send it twice', async () => {
    const user = userEvent.setup();
    let release: () => void = () => undefined;
    const ev = eventBuilder();
    const startTurn = vi.fn((_input: unknown) =>
      (async function* () {
        await new Promise<void>((resolve) => (release = resolve));
        yield ev('turn.submitted', turn());
      })(),
    );
    renderWith(<Composer />, storeFrom([]), mockAdapter({ startTurn: startTurn as never }));
    const input = screen.getByLabelText('Message') as HTMLTextAreaElement;
    await user.type(input, 'Once{Enter}');
    await user.keyboard('{Enter}');
    expect(startTurn).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Send' }).getAttribute('aria-disabled')).toBe('true');
    release();
    await waitFor(() => expect(input.value).toBe(''));
  });
});
