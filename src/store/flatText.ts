// Streamed text is built by appending deltas (`text + delta`). V8 keeps such a string as a tree of
// its pieces (a cons string): every 8-character delta of a long answer costs ~40 bytes, and a
// finished 100k-delta answer held 4 bytes per character. Reading a character flattens the tree
// in place into one sequential string (the same string value; the pieces become garbage): ~1
// byte per character. Flattening whenever the length passes a power of two keeps the cost O(1)
// amortized per character; a finished part is flattened once more.

/** `text`, flattened in place (its value and identity unchanged). */
export function flattenText(text: string): string {
  if (text.length > 0) text.charCodeAt(0);
  return text;
}

/** `previous + delta`, flattened when its length passes a power of two. */
export function appendedText(previous: string, delta: string): string {
  const next = previous + delta;
  if (Math.clz32(next.length) < Math.clz32(previous.length)) flattenText(next);
  return next;
}
