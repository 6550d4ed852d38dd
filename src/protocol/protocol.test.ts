import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isRfc3339DateTime } from './dateTime';
import { normalizeEvent } from './normalizeEvent';
import { parseJsonl } from './parseJsonl';
import { redactSecrets } from './redactSecrets';
import { validateEvent } from './validateEvent';
import { readArtifact, readFailure, readFinalText, readSafeArgs, readTextDelta, readToolName, readToolOutput } from './payloadReaders';

const base = {
  schemaVersion: 'lime-profile-0.4.0',
  runtimeId: 'rt',
  sessionId: 's',
  threadId: 'th',
  turnId: 'tu',
  eventId: 'e1',
  sequence: 1,
  timestamp: '2026-06-09T10:00:00.000Z',
  payload: {},
};

describe('normalizeEvent', () => {
  it.each([
    ['text.delta', 'model.delta'],
    ['text.final', 'model.completed'],
    ['runtime.status', 'run.status'],
    ['run.started', 'turn.started'],
    ['run.finished', 'turn.completed'],
    ['run.failed', 'turn.failed'],
    ['tool.output.delta', 'tool.progress'],
    ['agent.spawned', 'subagent.spawned'],
    ['agent.completed', 'subagent.completed'],
    ['diagnostic.changed', 'runtime.warning'],
  ])('maps %s to %s and keeps the original type', (alias, canonical) => {
    const event = normalizeEvent({ ...base, type: alias })!;
    expect(event.type).toBe(canonical);
    expect(event.originalType).toBe(alias);
  });

  it('maps tool.completed by its status: failed/error to tool.failed, anything else to tool.result', () => {
    expect(normalizeEvent({ ...base, type: 'tool.completed', payload: { status: 'error' } })!.type).toBe('tool.failed');
    expect(normalizeEvent({ ...base, type: 'tool.completed', payload: { status: 'failed' } })!.type).toBe('tool.failed');
    expect(normalizeEvent({ ...base, type: 'tool.completed', payload: { status: 'ok' } })!.type).toBe('tool.result');
  });

  it('returns a canonical event as is, without copying it', () => {
    const raw = { ...base, type: 'model.delta', payload: { delta: 'x' } };
    expect(normalizeEvent(raw)).toBe(raw);
  });

  it('wraps a non-object payload and rejects what is not an event', () => {
    expect(normalizeEvent({ ...base, type: 'model.delta', payload: 'hi' })!.payload).toEqual({ value: 'hi' });
    expect(normalizeEvent({ type: 'model.delta' })).toBeUndefined();
    expect(normalizeEvent('model.delta')).toBeUndefined();
  });
});

describe('payload readers', () => {
  const ev = (payload: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ ...base, type: 'x.y', ...extra, payload });
  it('read the documented alternatives in order', () => {
    expect(readTextDelta(ev({ delta: 'a', text: 'b' }))).toBe('a');
    expect(readTextDelta(ev({ text: 'b' }))).toBe('b');
    expect(readFinalText(ev({ finalText: 'f', content: 'c' }))).toBe('f');
    expect(readFinalText(ev({ content: 'c' }))).toBe('c');
    expect(readToolName(ev({ name: 'n' }))).toBe('n');
    expect(readSafeArgs(ev({ inputSummary: { a: 1 }, args: { b: 2 } }))).toEqual({ a: 1 });
    expect(readToolOutput(ev({ output_ref: 'r', durationMs: 5 }))).toMatchObject({ outputRef: 'r', durationMs: 5 });
    expect(readFailure(ev({ error: { category: 'c', message: 'm', retryable: false } }))).toEqual({ category: 'c', message: 'm', retryable: false, recoveryHint: undefined });
    expect(readArtifact(ev({}, { artifactKind: 'image', artifactVersionId: 'v3' }))).toMatchObject({ kind: 'image', versionId: 'v3' });
  });
  it('return undefined for a fact that is absent or of the wrong type', () => {
    expect(readTextDelta(ev({ delta: 5 }))).toBeUndefined();
    expect(readToolName(ev({}))).toBeUndefined();
    expect(readArtifact(ev({})).kind).toBeUndefined();
  });
});

describe('validateEvent issues', () => {
  it('names the missing field of an invalid event', () => {
    const { issues } = validateEvent({ ...base, type: 'turn.started', eventId: undefined });
    expect(issues).toEqual([expect.objectContaining({ code: 'invalid_event', field: 'eventId', problem: 'missing', severity: 'error' })]);
  });

  it('names the scope id that is missing', () => {
    const { issues, applicable } = validateEvent({ ...base, type: 'tool.started' });
    expect(applicable).toBe(false);
    expect(issues.map((i) => [i.code, i.field])).toEqual([['missing_correlation', 'stepId'], ['missing_correlation', 'toolCallId']]);
  });

  it('finds a missing scope id after events of the same type that had it, whatever their fields', () => {
    const tool = { ...base, type: 'tool.args', stepId: 's1', toolCallId: 't1' };
    expect(validateEvent(tool).valid).toBe(true);
    expect(validateEvent(tool).valid).toBe(true);
    // The same fields in the same order, one of them undefined (an event built in code).
    expect(validateEvent({ ...tool, toolCallId: undefined }).issues.map((i) => [i.code, i.field])).toEqual([['missing_correlation', 'toolCallId']]);
    // A field fewer, then the full shape again.
    const { toolCallId: _dropped, ...withoutCall } = tool;
    expect(validateEvent(withoutCall).issues.map((i) => [i.code, i.field])).toEqual([['missing_correlation', 'toolCallId']]);
    expect(validateEvent(tool).valid).toBe(true);
    // Fields in another order, the scope id last missing.
    const { stepId: _step, ...rest } = withoutCall;
    expect(validateEvent({ stepId: 's1', ...rest }).issues.map((i) => i.field)).toEqual(['toolCallId']);
    expect(validateEvent({ toolCallId: 't1', ...rest }).issues.map((i) => i.field)).toEqual(['stepId']);
  });

  it('reports an unknown type and an unknown schema version, and applies only the latter', () => {
    expect(validateEvent({ ...base, type: 'telemetry.sampled' })).toMatchObject({ valid: false, applicable: false, issues: [{ code: 'unknown_event_type', type: 'telemetry.sampled' }] });
    expect(validateEvent({ ...base, type: 'run.status', schemaVersion: '9' })).toMatchObject({ valid: false, applicable: true, issues: [{ code: 'schema_version_unknown', schemaVersion: '9' }] });
  });

  it('accepts aliases and kit extensions as applicable but not profile-conformant', () => {
    expect(validateEvent({ ...base, type: 'text.delta' })).toMatchObject({ valid: false, applicable: true, issues: [{ code: 'not_in_profile' }] });
    expect(validateEvent({ ...base, type: 'action.expired', actionId: 'a' })).toMatchObject({ valid: false, applicable: true, issues: [{ code: 'not_in_profile' }] });
  });

  it("accepts the kit's own additions its adapters emit (a cancelled turn, a cancelled action, a conversation snapshot) as valid, with their family's scope ids", () => {
    expect(validateEvent({ ...base, type: 'turn.cancelled' })).toEqual({ valid: true, applicable: true, issues: [] });
    expect(validateEvent({ ...base, type: 'messages.snapshot' }).valid).toBe(true);
    expect(validateEvent({ ...base, type: 'action.cancelled', actionId: 'a' }).valid).toBe(true);
    expect(validateEvent({ ...base, type: 'action.cancelled' }).issues.map((i) => i.code)).toEqual(['missing_correlation']);
  });

  it('validates portable 0.1 events by the portable rules', () => {
    expect(validateEvent({ type: 'turn.started', eventId: 'e', timestamp: '2026-06-09T10:00:00Z', schemaVersion: '0.1' }).valid).toBe(true);
  });

  it('never throws on hostile input', () => {
    const hostile = [null, undefined, 1, 'x', [], Object.create(null), { type: {} }, { type: 'tool.started', payload: new Proxy({}, {}) }];
    for (const value of hostile) expect(() => validateEvent(value)).not.toThrow();
  });

  it('is CSP-safe: no code generation anywhere in the runtime protocol layer', () => {
    const dir = join(process.cwd(), 'src', 'protocol');
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const source = readFileSync(`${dir}/${file}`, 'utf8');
      expect(source, file).not.toMatch(/new Function|\beval\(|from 'ajv/);
    }
  });
});

describe('isRfc3339DateTime', () => {
  it.each([
    ['2026-06-09T10:00:00Z', true],
    ['2026-06-09T10:00:00.123+05:30', true],
    ['2028-02-29T00:00:00Z', true],
    ['2026-02-29T00:00:00Z', false],
    ['2026-13-01T00:00:00Z', false],
    ['2026-06-09T24:00:00Z', false],
    ['2026-06-09T10:00:00', false],
    ['2026-06-09', false],
    ['2026-06-30T23:59:60Z', true],
    ['2026-06-30T22:59:60Z', false],
  ])('%s → %s', (value, valid) => expect(isRfc3339DateTime(value)).toBe(valid));
});

describe('parseJsonl', () => {
  it('reports malformed lines with their line numbers and keeps going', () => {
    const result = parseJsonl('{"a":1}\n\nnot json\n{"b":2}\r\n{"c":\n');
    expect(result.records).toEqual([{ line: 1, value: { a: 1 } }, { line: 4, value: { b: 2 } }]);
    expect(result.issues.map((i) => [i.code, i.line])).toEqual([['invalid_json', 3], ['invalid_json', 5]]);
    expect(result.issues[0]!.message).toMatch(/^line 3 is not valid JSON/);
  });
});

describe('redactSecrets', () => {
  it('redacts secret-looking keys at any depth and keeps the rest', () => {
    const redacted = redactSecrets({ apiKey: 'k', api_key: 'k', headers: { Authorization: 'Bearer', Cookie: 'c' }, accessToken: 't', password: 'p', clientSecret: 's', inputTokens: 4, list: [{ token: 'x' }] });
    expect(redacted).toEqual({ apiKey: '[redacted]', api_key: '[redacted]', headers: { Authorization: '[redacted]', Cookie: '[redacted]' }, accessToken: '[redacted]', password: '[redacted]', clientSecret: '[redacted]', inputTokens: 4, list: [{ token: '[redacted]' }] });
  });
  it('bounds depth and string length', () => {
    let deep: Record<string, unknown> = { leaf: 'x'.repeat(10_000) };
    for (let i = 0; i < 20; i++) deep = { deep };
    expect(JSON.stringify(redactSecrets(deep)).length).toBeLessThan(500);
  });
});
