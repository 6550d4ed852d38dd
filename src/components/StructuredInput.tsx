import { useId, useMemo, useState, type ReactNode } from 'react';
import type { JsonObject } from '../protocol/events';
import { useDisplayText } from './displayPolicy';
import { humanize } from './valueLabel';

/** Past this many values an enum is a text field with matching suggestions, not a select: a 100k-value select was a 2 s task. */
export const MAX_SELECT_OPTIONS = 200;
/** Suggestions offered at once for a long enum. */
export const ENUM_SUGGESTIONS = 50;

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

/** An enum value's label: its title from `enumNames` when the schema gives one, else the value in words (redacted first). */
function optionLabel(field: FieldSchema, option: unknown, index: number, show: (value: string) => string): string {
  const title = Array.isArray(field.enumNames) ? field.enumNames[index] : undefined;
  return typeof title === 'string' ? show(title) : typeof option === 'string' ? humanize(show(option)) : String(option);
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
  // Titles, descriptions, values and defaults come from the runtime: shown through the display policy.
  const show = useDisplayText();
  return (
    <div className="aui-structured-input">
      {schemaFields(schema).map(({ name, field, required }, index) => {
        // By position: a runtime's field name never becomes an id attribute.
        const id = `${base}-${index}`;
        const label = (
          <label htmlFor={id}>
            {/* The schema's title, else the field name in words ("release_channel" → "Release channel"). */}
            {field.title !== undefined ? show(field.title) : humanize(show(name))}
            {required && <span className="aui-muted"> ({requiredLabel})</span>}
          </label>
        );
        let control: ReactNode;
        if (Array.isArray(field.enum) && field.enum.length > MAX_SELECT_OPTIONS) {
          control = <LongEnum id={id} field={field} options={field.enum} value={values[name]} required={required} disabled={disabled} show={show} onChange={(value) => onChange(name, value)} />;
        } else if (Array.isArray(field.enum)) {
          const options = field.enum;
          // A value the policy would redact is addressed by position: it never becomes an attribute.
          const attr = (option: unknown, i: number) => (show(String(option)) === String(option) ? String(option) : `#${i}`);
          const at = options.findIndex((option) => option === values[name]);
          control = (
            <select
              id={id}
              value={at < 0 ? '' : attr(options[at], at)}
              required={required}
              disabled={disabled}
              onChange={(e) => {
                const picked = options.findIndex((option, i) => attr(option, i) === e.target.value);
                onChange(name, picked < 0 ? undefined : asFieldValue(options[picked]));
              }}
            >
              <option value="">—</option>
              {options.map((option, i) => (
                <option key={i} value={attr(option, i)}>
                  {optionLabel(field, option, i, show)}
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
              value={values[name] === undefined ? '' : show(String(values[name]))}
              required={required}
              disabled={disabled}
              onChange={(e) => onChange(name, e.target.value === '' ? undefined : Number(e.target.value))}
            />
          );
        } else {
          control = (
            // A runtime default shows redacted; left untouched it is sent back as the runtime gave it.
            <input id={id} type="text" value={show(String(values[name] ?? ''))} required={required} disabled={disabled} onChange={(e) => onChange(name, e.target.value)} />
          );
        }
        return (
          <div className="aui-field" key={name}>
            {label}
            {control}
            {field.description && <p className="aui-muted">{show(field.description)}</p>}
          </div>
        );
      })}
    </div>
  );
}

const asFieldValue = (value: unknown): FieldValue => (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : value === undefined ? undefined : String(value));

/**
 * An enum too long for a select: a text field whose suggestions (a datalist of the first
 * ENUM_SUGGESTIONS labels containing what was typed) follow the typing; the value is set when the
 * text is one of the labels. Filtering is a linear pass per keystroke; nothing mounts per value.
 */
function LongEnum({ id, field, options, value, required, disabled, show, onChange }: { id: string; field: FieldSchema; options: unknown[]; value: FieldValue; required: boolean; disabled?: boolean; show: (value: string) => string; onChange: (value: FieldValue) => void }) {
  const labels = useMemo(() => options.map((option, i) => optionLabel(field, option, i, show)), [options, field, show]);
  const selected = options.findIndex((option) => option === value);
  const [typed, setTyped] = useState(selected >= 0 ? labels[selected]! : '');
  const listId = `${id}-values`;
  const matches = useMemo(() => {
    const needle = typed.trim().toLowerCase();
    const out: string[] = [];
    for (let i = 0; i < labels.length && out.length < ENUM_SUGGESTIONS; i++) if (labels[i]!.toLowerCase().includes(needle)) out.push(labels[i]!);
    return out;
  }, [labels, typed]);
  return (
    <>
      <input
        id={id}
        type="text"
        list={listId}
        autoComplete="off"
        value={typed}
        required={required}
        disabled={disabled}
        aria-invalid={typed !== '' && selected < 0 ? true : undefined}
        onChange={(e) => {
          setTyped(e.target.value);
          const at = labels.indexOf(e.target.value);
          onChange(at >= 0 ? asFieldValue(options[at]) : undefined);
        }}
      />
      <datalist id={listId}>
        {matches.map((label, i) => (
          <option key={i} value={label} />
        ))}
      </datalist>
    </>
  );
}
