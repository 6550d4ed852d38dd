// @vitest-environment jsdom
import { cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { eventBuilder, toolIds } from '../../test/eventBuilder';
import { renderWith, storeFrom } from '../../test/componentHarness';
import { ToolCall } from './ToolCall';

afterEach(cleanup);

describe('what an output.* fact said of a tool output', () => {
  it('is shown on the tool row (it is a runtime fact, e.g. the ref expired)', () => {
    const ev = eventBuilder();
    const store = storeFrom([ev('turn.started', { turnId: 'turn-1' }), ev('tool.started', toolIds(1), { toolName: 'read' }), ev('output.expired', toolIds(1), { outputRef: 'output://tc-1' })]);
    const { container } = renderWith(<ToolCall toolCallId="tc-1" />, store);
    const note = container.querySelector('[data-output-state]')!;
    expect(note.getAttribute('data-output-state')).toBe('expired');
    expect(note.textContent).toBe('The output expired: its ref may no longer load');
  });
});
