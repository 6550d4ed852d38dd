// Whether the user is typing into an element: a request's form keeps focus where they type (the
// thread's keyboard, tabbable.ts, does not need it).

const TEXT_INPUTS = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number', 'date', 'datetime-local', 'month', 'time', 'week']);

/**
 * True when `el` takes the user's keystrokes as text (a text field, a text area, a select, an
 * editable region): focus must never be moved away from it, or what they type next goes elsewhere.
 */
export function isEditing(el: Element | null): boolean {
  if (!(el instanceof HTMLElement)) return false;
  if (el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) return !el.disabled;
  if (el instanceof HTMLInputElement) return !el.disabled && !el.readOnly && TEXT_INPUTS.has(el.type);
  return el.isContentEditable || el.getAttribute('contenteditable') === 'true' || el.getAttribute('contenteditable') === '';
}
