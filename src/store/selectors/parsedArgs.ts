// Its own module: only the tool rows parse a call's arguments, and they load later than the first
// screen (whose message text selectors share text.ts).

/**
 * Streamed tool arguments parsed on read, with a one-entry cache per record so a re-render does
 * not re-parse. Partial JSON mid-stream yields `undefined` (render the raw text instead).
 */
const parsedArgs = new WeakMap<object, { text: string; value: unknown }>();
/**
 * A tool call's streamed argument text parsed as JSON (cached per record); `undefined` while the
 * JSON is partial or when there is none.
 */
export function selectParsedArgs(record: { argsText: string }): unknown {
  if (record.argsText === '') return undefined;
  const cached = parsedArgs.get(record);
  if (cached && cached.text === record.argsText) return cached.value;
  let value: unknown;
  try {
    value = JSON.parse(record.argsText);
  } catch {
    value = undefined;
  }
  parsedArgs.set(record, { text: record.argsText, value });
  return value;
}
