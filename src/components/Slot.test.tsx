// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { createRef, useEffect, useRef, type RefObject } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Slot } from './Slot';

afterEach(cleanup);

// `asChild` as the parts had it from Radix's Slot: the same merge of props and refs onto the one child.
describe('Slot', () => {
  it('renders the child element with the part props, the child winning where both give one', () => {
    const { container } = render(
      <Slot id="part" title="part" data-state="open" aria-label="part">
        <section title="child" />
      </Slot>,
    );
    const section = container.firstElementChild!;
    expect(section.tagName).toBe('SECTION');
    expect(section.id).toBe('part');
    expect(section.getAttribute('title')).toBe('child');
    expect(section.getAttribute('data-state')).toBe('open');
    expect(section.getAttribute('aria-label')).toBe('part');
  });

  it('joins class names and described-by ids and merges styles', () => {
    const { container } = render(
      <Slot className="aui-part" style={{ color: 'red', margin: 1 }} aria-describedby="a b">
        <div className="mine" style={{ color: 'blue' }} aria-describedby="b c" />
      </Slot>,
    );
    const div = container.firstElementChild as HTMLElement;
    expect(div.className).toBe('aui-part mine');
    expect(div.style.color).toBe('blue');
    expect(div.style.margin).toBe('1px');
    expect(div.getAttribute('aria-describedby')).toBe('b c a');
  });

  it("runs the child's handler, then the part's unless only one gives one", () => {
    const calls: string[] = [];
    const { container } = render(
      <Slot onClick={() => calls.push('part')} onFocus={() => calls.push('part focus')}>
        <button type="button" onClick={() => calls.push('child')} onBlur={() => calls.push('child blur')} />
      </Slot>,
    );
    const button = container.querySelector('button')!;
    button.click();
    expect(calls).toEqual(['child', 'part']);
    button.focus();
    button.blur();
    expect(calls).toEqual(['child', 'part', 'part focus', 'child blur']);
  });

  it("sets both the part's ref and the child's own", () => {
    const part = createRef<HTMLElement>();
    const child = createRef<HTMLElement>();
    const { container } = render(
      <Slot ref={part}>
        <strong ref={child} />
      </Slot>,
    );
    const strong = container.querySelector('strong');
    expect(part.current).toBe(strong);
    expect(child.current).toBe(strong);
  });

  it('keeps its ref callback across renders while the refs are the same, and clears both on unmount', () => {
    const seen = vi.fn();
    function Part({ label }: { label: string }) {
      const own: RefObject<HTMLElement | null> = useRef(null);
      useEffect(() => seen(own.current?.textContent));
      return (
        <Slot ref={own}>
          <span ref={seen}>{label}</span>
        </Slot>
      );
    }
    const view = render(<Part label="one" />);
    view.rerender(<Part label="two" />);
    const span = view.container.querySelector('span');
    // The child's ref callback ran once with the node (not again on the re-render); the effects read the part's ref.
    expect(seen.mock.calls).toEqual([[span], ['one'], ['two']]);
    view.unmount();
    expect(seen).toHaveBeenLastCalledWith(null);
  });

  it('renders nothing for no child and refuses text or several elements', () => {
    expect(render(<Slot>{null}</Slot>).container.innerHTML).toBe('');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Slot>text</Slot>)).toThrow(/single React element child/);
    expect(() =>
      render(
        <Slot>
          <i />
          <b />
        </Slot>,
      ),
    ).toThrow(/single React element child/);
    vi.restoreAllMocks();
  });
});
