// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { eventBuilder, turn } from '../../test/eventBuilder';
import { renderWith, storeFrom } from '../../test/componentHarness';
import { Conversation } from './Conversation';

afterEach(cleanup);

describe('a message its cancelled turn cut off', () => {
  it('shows it is partial, never as a finished answer', () => {
    const ev = eventBuilder();
    const store = storeFrom([ev('turn.started', turn()), ev('model.delta', turn(), { delta: 'Half an ans' }), ev('turn.cancelled', turn())]);
    const { container } = renderWith(<Conversation virtualize={false} />, store);
    const article = container.querySelector('article[data-role="assistant"]')!;
    expect(article.getAttribute('data-message-status')).toBe('interrupted');
    expect(article.hasAttribute('data-final')).toBe(false);
    expect(screen.getByText(/Interrupted: the turn was cancelled/)).toBeTruthy();
  });
});
