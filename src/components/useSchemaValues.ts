import { useCallback, useState } from 'react';
import type { JsonObject } from '../protocol/events';
import { initialValues, type FieldValue } from './StructuredInput';

interface FormState {
  key: string;
  values: Record<string, FieldValue>;
  touched: ReadonlySet<string>;
}

const keyOf = (schema: JsonObject | undefined) => JSON.stringify(schema ?? null);

/**
 * Form values for an action's schema. A schema that arrives or changes later (`action.updated`)
 * re-initialises every field the user has not touched; what they typed stays.
 */
export function useSchemaValues(schema: JsonObject | undefined): [Record<string, FieldValue>, (name: string, value: FieldValue) => void] {
  const key = keyOf(schema);
  const [state, setState] = useState<FormState>(() => ({ key, values: initialValues(schema), touched: new Set() }));
  let current = state;
  if (state.key !== key) {
    const values = initialValues(schema);
    for (const name of state.touched) if (name in values) values[name] = state.values[name];
    current = { key, values, touched: state.touched };
    // Adjusting state while rendering: React re-renders at once, before the stale values show.
    setState(current);
  }
  const change = useCallback(
    (name: string, value: FieldValue) => setState((s) => ({ ...s, values: { ...s.values, [name]: value }, touched: new Set(s.touched).add(name) })),
    [],
  );
  return [current.values, change];
}
