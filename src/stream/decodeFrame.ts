import type { DiagnosticInput } from '../store/draft';

function parseInto(text: string, events: unknown[]): void {
  const value: unknown = JSON.parse(text);
  // One push per item: `push(...value)` passes every item as an argument, and an array of
  // ~150,000 events overflows the call stack (reported as "not JSON" by the catch below).
  if (Array.isArray(value)) for (const item of value) events.push(item);
  else events.push(value);
}

/**
 * Decodes one transport frame into events: a JSON event (possibly spread over several SSE `data`
 * lines), a JSON array of events, or several JSON lines. What is not JSON becomes a
 * `malformed_frame` diagnostic; the rest of the frame still counts.
 */
export function decodeFrame(data: string, where: string): { events: unknown[]; diagnostics: DiagnosticInput[] } {
  const events: unknown[] = [];
  const diagnostics: DiagnosticInput[] = [];
  const fail = (text: string, error: unknown) =>
    diagnostics.push({
      code: 'malformed_frame',
      severity: 'error',
      message: `${where}: a frame is not JSON (${error instanceof Error ? error.message : String(error)}): ${text.slice(0, 120)}`,
    });
  if (data.trim() === '') return { events, diagnostics };
  try {
    parseInto(data, events);
    return { events, diagnostics };
  } catch (error) {
    if (!data.includes('\n')) {
      fail(data, error);
      return { events, diagnostics };
    }
  }
  for (const line of data.split('\n')) {
    if (line.trim() === '') continue;
    try {
      parseInto(line, events);
    } catch (error) {
      fail(line, error);
    }
  }
  return { events, diagnostics };
}
