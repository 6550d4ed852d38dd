import { createContext, useContext, useRef, type ComponentPropsWithoutRef, type KeyboardEvent } from 'react';

// A single-choice toggle group (radio semantics), the kit's own: Radix ToggleGroup's roving focus
// wrote `style="outline:none"` into server HTML (blocked by a strict CSP). Same roles and data
// attributes: a `radiogroup` of `radio` buttons with `aria-checked` and `data-state="on|off"`.

interface GroupState {
  value: string;
  select: (value: string) => void;
}

const GroupContext = createContext<GroupState | null>(null);

/** Props of `ToggleGroup.Root`: the chosen value and its change (a choice is never cleared by pressing it again). */
export interface ToggleGroupRootProps extends Omit<ComponentPropsWithoutRef<'div'>, 'onChange' | 'defaultValue'> {
  value: string;
  onValueChange: (value: string) => void;
}

/** Arrow keys move focus between the enabled items (wrapping); Space or Enter chooses. */
function Root({ value, onValueChange, children, onKeyDown, ...rest }: ToggleGroupRootProps) {
  const group = useRef<HTMLDivElement>(null);
  const keys = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    const step = event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : event.key === 'ArrowLeft' || event.key === 'ArrowUp' ? -1 : 0;
    if (step === 0 || event.defaultPrevented) return;
    const items = [...(group.current?.querySelectorAll<HTMLButtonElement>('[role="radio"]:not(:disabled)') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0 || items.length === 0) return;
    event.preventDefault();
    items[(at + step + items.length) % items.length]!.focus();
  };
  return (
    <GroupContext.Provider value={{ value, select: onValueChange }}>
      <div ref={group} role="radiogroup" onKeyDown={keys} {...rest}>
        {children}
      </div>
    </GroupContext.Provider>
  );
}

/** Props of `ToggleGroup.Item`. */
export interface ToggleGroupItemProps extends Omit<ComponentPropsWithoutRef<'button'>, 'value'> {
  value: string;
}

/** One choice; the chosen one is the group's tab stop. */
function Item({ value, onClick, disabled, ...rest }: ToggleGroupItemProps) {
  const group = useContext(GroupContext);
  if (!group) throw new Error('ToggleGroup.Item must be inside ToggleGroup.Root');
  const on = group.value === value;
  return (
    <button
      type="button"
      role="radio"
      aria-checked={on}
      data-state={on ? 'on' : 'off'}
      data-disabled={disabled || undefined}
      disabled={disabled}
      tabIndex={on ? 0 : -1}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) group.select(value);
      }}
      {...rest}
    />
  );
}

/** A single-choice toggle group as compound parts: `ToggleGroup.Root`, `ToggleGroup.Item`. */
export const ToggleGroup = { Root, Item };
