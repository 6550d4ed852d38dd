import { useId, type ReactNode } from 'react';
import type { JsonObject } from '../protocol/events';
import { humanize } from './valueLabel';

export type FieldValue = string | number | boolean | undefined;

interface FieldSchema {
  type?: string;
  title?: string;
  description?: string;
  enum?: unknown[];
  /** Titles of the enum values, in order (a common JSON schema extension). */
  enumNames?: unknown[];
  default?: unknown;
}

/** An enum value's label: its title from `enumNames` when the schema gives one, else the value in words. */
function optionLabel(field: FieldSchema, option: unknown, index: number): string {
  const title = Array.isArray(field.enumNames) ? field.enumNames[index] : undefined;
  return typeof title === 'string' ? title : typeof option === 'string' ? humanize(option) : String(option);
}

/** The fields a JSON schema asks for: strings, numbers, integers, booleans and enums. */
export function schemaFields(schema: JsonObject | undefined): { name: string; field: FieldSchema; required: boolean }[] {
  const properties = schema?.properties;
  if (!properties || typeof properties !== 'object') return [];
  const required = Array.isArray(schema.required) ? schema.required : [];
  return Object.entries(properties as Record<string, FieldSchema>).map(([name, field]) => ({ name, field: field ?? {}, required: required.includes(name) }));
}

export function initialValues(schema: JsonObject | undefined): Record<string, FieldValue> {
  const values: Record<string, FieldValue> = {};
  for (const { name, field } of schemaFields(schema)) {
    const d = field.default;
    const value = typeof d === 'string' || typeof d === 'number' || typeof d === 'boolean' ? d : field.type === 'boolean' ? false : undefined;
    // Field names come from the runtime's schema: a `__proto__` field stays a field.
    Object.defineProperty(values, name, { value, enumerable: true, writable: true, configurable: true });
  }
  return values;
}

/** Form fields rendered from an action's schema; every field has a visible label. */
export function StructuredInput({
  schema,
  values,
  onChange,
  disabled,
  requiredLabel,
}: {
  schema: JsonObject | undefined;
  values: Record<string, FieldValue>;
  onChange: (name: string, value: FieldValue) => void;
  disabled?: boolean;
  requiredLabel: string;
}) {
  const base = useId();
  return (
    <div className="aui-structured-input">
      {schemaFields(schema).map(({ name, field, required }) => {
        const id = `${base}-${name}`;
        const label = (
          <label htmlFor={id}>
            {/* The schema's title, else the field name in words ("release_channel" → "Release channel"). */}
            {field.title ?? humanize(name)}
            {required && <span className="aui-muted"> ({requiredLabel})</span>}
          </label>
        );
        let control: ReactNode;
        if (Array.isArray(field.enum)) {
          control = (
            <select id={id} value={String(values[name] ?? '')} required={required} disabled={disabled} onChange={(e) => onChange(name, e.target.value || undefined)}>
              <option value="">—</option>
              {field.enum.map((option, i) => (
                <option key={String(option)} value={String(option)}>
                  {optionLabel(field, option, i)}
                </option>
              ))}
            </select>
          );
        } else if (field.type === 'boolean') {
          return (
            <div className="aui-field aui-field--checkbox" key={name}>
              <input id={id} type="checkbox" checked={values[name] === true} disabled={disabled} onChange={(e) => onChange(name, e.target.checked)} />
              {label}
            </div>
          );
        } else if (field.type === 'number' || field.type === 'integer') {
          control = (
            <input
              id={id}
              type="number"
              step={field.type === 'integer' ? 1 : 'any'}
              value={values[name] === undefined ? '' : String(values[name])}
              required={required}
              disabled={disabled}
              onChange={(e) => onChange(name, e.target.value === '' ? undefined : Number(e.target.value))}
            />
          );
        } else {
          control = (
            <input id={id} type="text" value={String(values[name] ?? '')} required={required} disabled={disabled} onChange={(e) => onChange(name, e.target.value)} />
          );
        }
        return (
          <div className="aui-field" key={name}>
            {label}
            {control}
            {field.description && <p className="aui-muted">{field.description}</p>}
          </div>
        );
      })}
    </div>
  );
}
