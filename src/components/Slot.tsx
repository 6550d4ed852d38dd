import { Children, cloneElement, forwardRef, Fragment, isValidElement, useCallback, version, type HTMLAttributes, type ReactElement, type ReactNode, type Ref } from 'react';

// What a part renders with `asChild`: its props and ref put onto its single child element, merged
// as Radix's Slot merges them (the kit's parts used it). The kit's own, without Radix's Slottable
// and lazy children, which no part uses: Radix's Slot and compose-refs were 1.2 KB gzip of the first screen.

type AnyProps = Record<string, unknown>;
type Handler = (...args: unknown[]) => unknown;

/** Props of `Slot`: the part's props, and the one element they go onto. */
export interface SlotProps extends HTMLAttributes<HTMLElement> {
  children?: ReactNode;
}

/** Described-by ids of both, each once, in order; undefined when there is none. */
function joinIds(...values: unknown[]): string | undefined {
  const ids = new Set<string>();
  for (const value of values) if (typeof value === 'string') for (const id of value.trim().split(/\s+/)) if (id) ids.add(id);
  return ids.size > 0 ? [...ids].join(' ') : undefined;
}

/**
 * The child's props win, except: a handler both give runs the child's then the part's (the child's
 * result returned), class names join, styles merge (the child's on top), described-by ids join.
 */
function mergeProps(slotProps: AnyProps, childProps: AnyProps): AnyProps {
  const merged: AnyProps = { ...slotProps, ...childProps };
  for (const name in childProps) {
    const slotValue = slotProps[name];
    const childValue = childProps[name];
    if (/^on[A-Z]/.test(name)) {
      if (slotValue && childValue) {
        merged[name] = (...args: unknown[]) => {
          const result = (childValue as Handler)(...args);
          (slotValue as Handler)(...args);
          return result;
        };
      } else if (slotValue) merged[name] = slotValue;
    } else if (name === 'style') merged[name] = { ...(slotValue as object), ...(childValue as object) };
    else if (name === 'className') merged[name] = [slotValue, childValue].filter(Boolean).join(' ');
    else if (name === 'aria-describedby') merged[name] = joinIds(childValue, slotValue);
  }
  return merged;
}

/** Where an element keeps its ref: a prop since React 19 (which warns on `element.ref`), the element's field before. */
const REF_IS_PROP = Number(version.split('.')[0]) >= 19;
const elementRef = (element: ReactElement): Ref<unknown> | undefined =>
  REF_IS_PROP ? (element.props as { ref?: Ref<unknown> }).ref : (element as unknown as { ref?: Ref<unknown> }).ref;

/** Sets one ref; returns a ref callback's cleanup (React 19). */
function setRef(ref: Ref<unknown> | undefined, value: unknown): unknown {
  if (typeof ref === 'function') return ref(value);
  if (ref) (ref as { current: unknown }).current = value;
  return undefined;
}

/** Both refs as one callback, stable while they are the same, passing on cleanups where one returns one. */
function useComposedRefs(...refs: (Ref<unknown> | undefined)[]) {
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the refs are the dependencies
  return useCallback((node: unknown) => {
    const cleanups = refs.map((ref) => setRef(ref, node));
    if (!cleanups.some((cleanup) => typeof cleanup === 'function')) return undefined;
    return () => cleanups.forEach((cleanup, i) => (typeof cleanup === 'function' ? cleanup() : setRef(refs[i], null)));
  }, refs);
}

/**
 * Renders its single child element with the part's props merged in (`mergeProps`) and both refs
 * set; nothing for no child; a clear error for anything else (text, several elements).
 */
export const Slot = forwardRef<HTMLElement, SlotProps>(function Slot({ children, ...slotProps }, forwardedRef) {
  const child = Children.count(children) === 1 && isValidElement(children) ? (children as ReactElement<AnyProps>) : undefined;
  const childRef = child ? elementRef(child) : undefined;
  const composedRef = useComposedRefs(forwardedRef, childRef);
  if (!child) {
    if (children || children === 0) throw new Error('Slot takes a single React element child.');
    return children;
  }
  const props = mergeProps(slotProps, child.props);
  if (child.type !== Fragment) props.ref = forwardedRef ? composedRef : childRef;
  return cloneElement(child, props);
});
