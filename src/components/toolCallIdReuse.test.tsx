// @vitest-environment jsdom
// A toolCallId reused in a later turn (a restarted mock, a buggy adapter): each turn shows its own
// call, and the approval sits on the later turn's row, not on the earlier turn's finished call.
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderWith, storeFrom, stubLayout } from '../../test/componentHarness';
import { reusedToolCallStream } from '../../test/reusedToolCall';
import { Conversation } from './Conversation';

beforeAll(() => stubLayout(600, 800));
afterEach(cleanup);

describe('a toolCallId reused in a later turn', () => {
  it('renders one row per turn, the approval on the later row only', () => {
    const { first, second } = reusedToolCallStream();
    const { container } = renderWith(<Conversation virtualize={false} />, storeFrom([...first, ...second], false));
    const rows = [...container.querySelectorAll('.aui-tool-call')];
    expect(rows.map((row) => row.getAttribute('data-tool-status'))).toEqual(['succeeded', 'waiting']);
    expect(rows[0]!.querySelector('.aui-action')).toBeNull();
    expect(rows[1]!.querySelector('.aui-action .aui-action__prompt')!.textContent).toBe('Write the file?');
    expect(container.textContent!.split('Write the file?').length - 1).toBe(1);
  });
});
