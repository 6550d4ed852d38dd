import { createContext, useContext, useId, useRef, useState, type ComponentPropsWithoutRef, type KeyboardEvent, type ReactNode } from 'react';
import { classes } from './format';

// The kit's tabs (the WAI-ARIA tabs pattern): Radix Tabs wrote `style="outline:none"` on its list
// and `style="animation-duration:0s"` on its panel into server HTML, which a strict CSP blocks, and
// brought roving focus and presence code the lanes do not need. Same parts, roles and data
// attributes (`data-state="active"`, `data-orientation`).

interface TabsState {
  value: string;
  select: (value: string) => void;
  base: string;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(part: string): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error(`Tabs.${part} must be inside Tabs.Root`);
  return state;
}

const idOf = (base: string, part: 'trigger' | 'content', value: string) => `${base}-${part}-${encodeURIComponent(value)}`;

/** Props of `Tabs.Root`: the selected tab, controlled (`value`) or not (`defaultValue`). */
export interface TabsRootProps extends Omit<ComponentPropsWithoutRef<'div'>, 'defaultValue' | 'onChange'> {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  children?: ReactNode;
}

function Root({ value, defaultValue, onValueChange, className, children, ...rest }: TabsRootProps) {
  const [own, setOwn] = useState(defaultValue ?? '');
  const base = useId();
  const selected = value ?? own;
  const select = (next: string) => {
    if (value === undefined) setOwn(next);
    onValueChange?.(next);
  };
  return (
    <TabsContext.Provider value={{ value: selected, select, base }}>
      <div className={className} data-orientation="horizontal" {...rest}>
        {children}
      </div>
    </TabsContext.Provider>
  );
}

/** The row of tabs: arrow keys, Home and End move between them and select (automatic activation). */
function List({ className, children, onKeyDown, ...rest }: ComponentPropsWithoutRef<'div'>) {
  const list = useRef<HTMLDivElement>(null);
  const keys = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented) return;
    const tabs = [...(list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)') ?? [])];
    const at = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    const next = event.key === 'ArrowRight' ? tabs[(at + 1) % tabs.length] : event.key === 'ArrowLeft' ? tabs[(at - 1 + tabs.length) % tabs.length] : event.key === 'Home' ? tabs[0] : event.key === 'End' ? tabs[tabs.length - 1] : undefined;
    if (!next) return;
    event.preventDefault();
    next.focus();
    next.click();
  };
  return (
    <div ref={list} role="tablist" aria-orientation="horizontal" data-orientation="horizontal" className={className} onKeyDown={keys} {...rest}>
      {children}
    </div>
  );
}

/** Props of `Tabs.Trigger`. */
export interface TabsTriggerProps extends Omit<ComponentPropsWithoutRef<'button'>, 'value'> {
  value: string;
}

/** One tab: the selected one is the list's single tab stop. */
function Trigger({ value, className, children, onClick, ...rest }: TabsTriggerProps) {
  const tabs = useTabs('Trigger');
  const active = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={idOf(tabs.base, 'trigger', value)}
      aria-selected={active}
      aria-controls={idOf(tabs.base, 'content', value)}
      tabIndex={active ? 0 : -1}
      data-state={active ? 'active' : 'inactive'}
      data-orientation="horizontal"
      className={classes(className)}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) tabs.select(value);
      }}
      {...rest}
    >
      {children}
    </button>
  );
}

/** Props of `Tabs.Content`. */
export interface TabsContentProps extends Omit<ComponentPropsWithoutRef<'div'>, 'value'> {
  value: string;
}

/** The selected tab's panel; the others are not mounted. */
function Content({ value, className, children, ...rest }: TabsContentProps) {
  const tabs = useTabs('Content');
  if (tabs.value !== value) return null;
  return (
    <div role="tabpanel" id={idOf(tabs.base, 'content', value)} aria-labelledby={idOf(tabs.base, 'trigger', value)} tabIndex={0} data-state="active" data-orientation="horizontal" className={className} {...rest}>
      {children}
    </div>
  );
}

/** Tabs as compound parts: `Tabs.Root`, `Tabs.List`, `Tabs.Trigger`, `Tabs.Content`. */
export const Tabs = { Root, List, Trigger, Content };
