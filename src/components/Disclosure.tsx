// A disclosure: a button that shows and hides a region, with the same parts, attributes and
// keyboard behaviour as Radix Collapsible (Root, Trigger, Content; aria-expanded, aria-controls,
// data-state), and none of its mount work. Collapsible's content runs Radix Presence, which reads
// getComputedStyle(node).animationName as it mounts, then writes inline styles and reads
// getBoundingClientRect to publish its size: a forced style recalculation and layout per open
// part, inside the commit that mounts it. A list mounting a screen of open tool calls and
// reasoning paid that once per part, in one task (the long tasks of a fast stream and of a long
// session's first screen). The kit animates none of these regions, so none of that is needed.
import { createContext, forwardRef, useContext, useId, useState, type ComponentPropsWithoutRef, type MouseEvent, type ReactNode } from 'react';
import { Slot } from './Slot';

interface DisclosureContextValue {
  open: boolean;
  toggle: () => void;
  contentId: string;
}

const DisclosureContext = createContext<DisclosureContextValue | null>(null);

function useDisclosure(part: string): DisclosureContextValue {
  const value = useContext(DisclosureContext);
  if (!value) throw new Error(`<Disclosure${part}> must be inside <DisclosureRoot>`);
  return value;
}

const stateOf = (open: boolean) => (open ? 'open' : 'closed');

/** Props of `DisclosureRoot`: controlled (`open` + `onOpenChange`) or not (`defaultOpen`). */
export interface DisclosureRootProps extends Omit<ComponentPropsWithoutRef<'div'>, 'onChange'> {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Render onto the single child element instead of a wrapper (the kit's `Slot`). */
  asChild?: boolean;
  children?: ReactNode;
}

export const DisclosureRoot = forwardRef<HTMLDivElement, DisclosureRootProps>(function DisclosureRoot(
  { open: openProp, defaultOpen = false, onOpenChange, asChild, children, ...rest },
  ref,
) {
  const [ownOpen, setOwnOpen] = useState(defaultOpen);
  const open = openProp ?? ownOpen;
  const contentId = useId();
  const toggle = () => {
    if (openProp === undefined) setOwnOpen(!open);
    onOpenChange?.(!open);
  };
  const Comp = asChild ? Slot : 'div';
  return (
    <DisclosureContext.Provider value={{ open, toggle, contentId }}>
      <Comp ref={ref} data-state={stateOf(open)} {...rest}>
        {children}
      </Comp>
    </DisclosureContext.Provider>
  );
});

/** Props of `DisclosureTrigger`: a button (or, with `asChild`, its single child). */
export interface DisclosureTriggerProps extends ComponentPropsWithoutRef<'button'> {
  asChild?: boolean;
}

export const DisclosureTrigger = forwardRef<HTMLButtonElement, DisclosureTriggerProps>(function DisclosureTrigger({ asChild, onClick, ...rest }, ref) {
  const { open, toggle, contentId } = useDisclosure('Trigger');
  const Comp = asChild ? Slot : 'button';
  return (
    <Comp
      ref={ref}
      type="button"
      aria-controls={contentId}
      aria-expanded={open}
      data-state={stateOf(open)}
      {...rest}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        onClick?.(event);
        if (!event.defaultPrevented) toggle();
      }}
    />
  );
});

/** Props of `DisclosureContent`: the region, rendered only while open. */
export type DisclosureContentProps = ComponentPropsWithoutRef<'div'>;

export const DisclosureContent = forwardRef<HTMLDivElement, DisclosureContentProps>(function DisclosureContent(props, ref) {
  const { open, contentId } = useDisclosure('Content');
  if (!open) return null;
  return <div ref={ref} id={contentId} data-state="open" {...props} />;
});
