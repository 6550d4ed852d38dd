import { REDACTED, redactSecrets } from './redactSecrets';
import { redactForRecording } from './redactRecording';

const TOKEN = 'sk-live1234567890abcdefghijklmnop';

describe('redactForRecording', () => {
  it('redacts by key name and by value shape, and names each path', () => {
    const event = { type: 'tool.started', eventId: 'e5', payload: { toolName: 'curl', safeArgs: { apiKey: 'abc', command: `curl -H "Authorization: Bearer ${TOKEN}" x` } } };
    const { value, redactions } = redactForRecording(event);
    expect(JSON.stringify(value)).not.toContain(TOKEN);
    expect(value.payload.safeArgs.apiKey).toBe(REDACTED);
    expect(value.payload.toolName).toBe('curl');
    expect(redactions).toEqual([
      { path: 'payload.safeArgs.apiKey', kind: 'value' },
      { path: 'payload.safeArgs.command', kind: 'part' },
    ]);
  });

  it('leaves an event without secrets equal and reports nothing', () => {
    const event = { type: 'model.delta', eventId: 'e1', sequence: 1, payload: { delta: 'Hello, world', tokens: [1, 2] } };
    expect(redactForRecording(event)).toEqual({ value: event, redactions: [] });
  });

  it('keeps a text longer than the display bound whole, with a secret near its end redacted', () => {
    const text = `${'All work and no play.\n'.repeat(500)}key: ${TOKEN}\nThe end.`;
    expect((redactSecrets({ text }) as { text: string }).text.length).toBeLessThan(text.length); // the display cuts it
    const { value, redactions } = redactForRecording({ payload: { text } });
    expect(value.payload.text).not.toContain(TOKEN);
    expect(value.payload.text.startsWith('All work and no play.\n'.repeat(500))).toBe(true);
    expect(value.payload.text.endsWith('\nThe end.')).toBe(true);
    expect(value.payload.text.length).toBe(text.length - TOKEN.length + REDACTED.length);
    expect(redactions).toEqual([{ path: 'payload.text', kind: 'part' }]);
  });

  it('reaches secrets nested deeper than the display bound, without cutting the nesting', () => {
    let nested: Record<string, unknown> = { password: 'hunter2', note: 'kept' };
    for (let i = 0; i < 12; i++) nested = { level: nested };
    const { value, redactions } = redactForRecording({ payload: nested });
    let cursor = (value as { payload: Record<string, unknown> }).payload;
    for (let i = 0; i < 12; i++) cursor = cursor.level as Record<string, unknown>;
    expect(cursor).toEqual({ password: REDACTED, note: 'kept' });
    expect(redactions).toEqual([{ path: `payload.${'level.'.repeat(12)}password`, kind: 'value' }]);
  });

  it('keeps every item of a long array and every key of a wide object, secrets redacted past the display bound', () => {
    const items = Array.from({ length: 300 }, (_, i) => (i === 250 ? `token=${TOKEN}` : `item ${i}`));
    const wide: Record<string, unknown> = Object.fromEntries(Array.from({ length: 260 }, (_, i) => [`k${i}`, i]));
    wide.apiKey = 'secret-value';
    const { value, redactions } = redactForRecording({ items, wide });
    expect(value.items).toHaveLength(300);
    expect(value.items[249]).toBe('item 249');
    expect(value.items[250]).not.toContain(TOKEN);
    expect(Object.keys(value.wide)).toEqual(Object.keys(wide));
    expect(value.wide.apiKey).toBe(REDACTED);
    expect(redactions.map((r) => r.path)).toEqual(['items[250]', 'wide.apiKey']);
  });

  it('keeps a __proto__ key as data', () => {
    const event = JSON.parse('{"payload":{"__proto__":{"token":"x"},"a":1}}') as { payload: Record<string, unknown> };
    const { value } = redactForRecording(event);
    expect(Object.prototype.hasOwnProperty.call(value.payload, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).token).toBeUndefined();
  });
});
