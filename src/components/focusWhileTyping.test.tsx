// @vitest-environment jsdom
// Issue 23 item 6: while critical approvals arrived, focus jumped to the request's heading and the
// composer kept 5 of 29 typed characters. A request never takes focus from a field the user types in.
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventBuilder, turn } from '../../test/eventBuilder';
import { mockAdapter, renderWith, storeFrom, stubLayout } from '../../test/componentHarness';
import { ActionRequired } from './ActionRequired';
import { AgentWorkbench } from './AgentWorkbench';
import { isEditing } from './isEditing';

beforeAll(() => stubLayout(600, 800));
afterEach(cleanup);
const t1 = turn();

describe('a request never takes focus from a field the user is typing in', () => {
  it('the composer keeps every character while critical approvals arrive, and the requests are announced', async () => {
    const user = userEvent.setup();
    const ev = eventBuilder();
    const store = storeFrom([ev('turn.started', t1)]);
    renderWith(<AgentWorkbench />, store, mockAdapter());
    const field = screen.getByLabelText('Message') as HTMLTextAreaElement;
    await user.click(field);
    const typed = 'also run the integration tests';
    for (let i = 0; i < typed.length; i++) {
      await user.keyboard(typed[i] === ' ' ? ' ' : typed[i]!);
      if (i % 6 === 0) act(() => void store.getState().ingest([ev('action.required', { ...t1, actionId: `critical-${i}` }, { prompt: `Deploy build ${i}?`, severity: 'critical' })]));
    }
    expect(document.querySelectorAll('.aui-action[data-severity="critical"]').length).toBe(5);
    expect(document.activeElement).toBe(field);
    expect(field.value).toBe(typed);
    // Said instead of focused: the polite live region names the request.
    await waitFor(() => expect(screen.getAllByRole('status').map((s) => s.textContent).join(' ')).toContain('Approval needed: Deploy build'));
  });

  it('with nothing being typed, a new critical request still takes focus (on its heading, not a button)', () => {
    const ev = eventBuilder();
    const store = storeFrom([ev('action.required', { ...t1, actionId: 'a1' }, { prompt: 'Deploy?', severity: 'critical' })]);
    const button = document.createElement('button');
    document.body.append(button);
    button.focus();
    renderWith(<ActionRequired actionId="a1" />, store, mockAdapter());
    expect(document.activeElement!.textContent).toBe('Approval');
    button.remove();
  });

  it('isEditing: text fields, text areas, selects and editable regions; not buttons or read-only fields', () => {
    const make = (html: string) => {
      const host = document.createElement('div');
      host.innerHTML = html;
      document.body.append(host);
      return host.firstElementChild;
    };
    for (const html of ['<input>', '<input type="search">', '<textarea></textarea>', '<select></select>', '<div contenteditable="true"></div>']) expect(isEditing(make(html)), html).toBe(true);
    for (const html of ['<button></button>', '<input type="checkbox">', '<input readonly>', '<textarea disabled></textarea>', '<h2 tabindex="-1"></h2>']) expect(isEditing(make(html)), html).toBe(false);
    expect(isEditing(null)).toBe(false);
    document.body.innerHTML = '';
  });
});
