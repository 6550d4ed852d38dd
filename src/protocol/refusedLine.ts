// A line the reader refuses (nested deeper than the bound, longer than the line limit) still held a
// place in its session's order: a place-holder keeps what its envelope says of that place (type,
// ids, sequence) and none of its content, so the store reports it and nothing after it waits for it.
// This is how a place-holder carries its refusal (the validator reads it on every event); the
// readers that make one (refusedPlaceHolder.ts) load with them, not with the first screen.
import { isPlainObject } from './eventFieldRules';

/** The field a place-holder carries its refusal in (it survives JSON, so a server can pass it on). */
export const REFUSED_FIELD = 'x-agentui-refused';

/** Why a line was refused. */
export type RefusalCode = 'too_deep' | 'line_too_long';

/** The refusal a place-holder carries: the reason and the reader's message. */
export interface Refusal {
  code: RefusalCode;
  message: string;
}

/** The refusal a place-holder carries, or undefined for any other value. */
export function refusalOf(value: Record<string, unknown>): Refusal | undefined {
  const refusal = value[REFUSED_FIELD];
  if (!isPlainObject(refusal) || (refusal.code !== 'too_deep' && refusal.code !== 'line_too_long') || typeof refusal.message !== 'string') return undefined;
  return refusal as unknown as Refusal;
}
