// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWith, stubLayout } from '../../test/componentHarness';
import { createEnvelopeFactory } from '../adapters/core/envelopeFactory';
import { createRuntimeStore } from '../store/createRuntimeStore';
import { Conversation } from './Conversation';
import { DisclosureContent, DisclosureRoot, DisclosureTrigger } from './Disclosure';

beforeAll(() => stubLayout(600, 800));
afterEach(cleanup);

describe('Disclosure', () => {
  it('links the trigger to the region it shows, and shows the region only while open', () => {
    render(
      <DisclosureRoot>
        <DisclosureTrigger>Details</DisclosureTrigger>
        <DisclosureContent>Body</DisclosureContent>
      </DisclosureRoot>,
    );
    const trigger = screen.getByRole('button', { name: 'Details' });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(trigger.getAttribute('data-state')).toBe('closed');
    expect(screen.queryByText('Body')).toBeNull();
    fireEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    const region = screen.getByText('Body');
    expect(region.id).toBe(trigger.getAttribute('aria-controls'));
    expect(region.closest('[data-state]')!.getAttribute('data-state')).toBe('open');
    fireEvent.click(trigger);
    expect(screen.queryByText('Body')).toBeNull();
  });

  it('follows its owner when controlled, and a handler that prevents the default keeps it as it is', () => {
    const changes: boolean[] = [];
    function Controlled() {
      const [open, setOpen] = useState(true);
      return (
        <DisclosureRoot open={open} onOpenChange={(next) => (changes.push(next), setOpen(next))}>
          <DisclosureTrigger>Toggle</DisclosureTrigger>
          <DisclosureTrigger onClick={(event) => event.preventDefault()}>Inert</DisclosureTrigger>
          <DisclosureContent>Body</DisclosureContent>
        </DisclosureRoot>
      );
    }
    render(<Controlled />);
    expect(screen.getByText('Body')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Inert' }));
    expect(changes).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Toggle' }));
    expect(changes).toEqual([false]);
    expect(screen.queryByText('Body')).toBeNull();
  });

  it('mounting open tool calls and streaming reasoning reads no computed style and measures no box', () => {
    const factory = createEnvelopeFactory({ runtimeId: 'rt', sessionId: 's', threadId: 'th' });
    const turn = { turnId: 't1' };
    const events = [factory.event('turn.started', turn), factory.event('reasoning.delta', turn, { delta: 'Thinking it over' })];
    for (let i = 0; i < 12; i++) {
      const tool = { ...turn, stepId: `st${i}`, toolCallId: `tc${i}` };
      events.push(factory.event('tool.started', tool, { toolName: 'read_file' }), factory.event('tool.progress', tool, { message: `reading part ${i}` }));
    }
    const store = createRuntimeStore();
    store.getState().ingest(events);
    const computed = vi.spyOn(window, 'getComputedStyle');
    const boxes = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect');
    renderWith(<Conversation virtualize={false} />, store);
    // The running tools are open (what is happening is visible), and so is the reasoning.
    expect(document.querySelectorAll('.aui-tool-call__body').length).toBeGreaterThan(0);
    expect(document.querySelector('.aui-reasoning__text')?.textContent).toBe('Thinking it over');
    const fromDisclosures = (calls: unknown[][]) =>
      calls.filter(([node]) => node instanceof Element && node.matches('.aui-tool-call__body, .aui-reasoning__text, .aui-tool-run__rows')).length;
    expect(fromDisclosures(computed.mock.calls)).toBe(0);
    expect(boxes.mock.contexts.filter((node) => node instanceof Element && node.matches('.aui-tool-call__body, .aui-reasoning__text, .aui-tool-run__rows')).length).toBe(0);
    computed.mockRestore();
    boxes.mockRestore();
  });
});
