// Streamed text is built by appending deltas (`text + delta`). V8 keeps such a string as a tree of
// its pieces (a cons string): every 8-character delta of a long answer costs ~40 bytes, and a
// finished 100k-delta answer held 4 bytes per character. A flat copy holds ~1 byte per character
// and lets the pieces go. Copying whenever the length passes a power of two keeps the cost O(1)
// amortized per character; a finished part is copied once more.
//
// How to get a flat copy: reading a character (`charCodeAt`) flattens the tree in place in Node,
// but Chrome's optimized code reads through the tree without flattening (measured: 200k short
// texts kept 26.9 MB either way). `normalize()` flattens and, for text already in NFC (nearly all
// text, and all of Latin-1), returns it flat and unchanged (12.2 MB); text it would change is
// copied exactly through a JSON round trip instead.

/** V8 copies concatenations shorter than this into one flat string: they never form a tree. */
const MIN_TREE_LENGTH = 13;

/** `text` as one flat string (the same characters). */
export function flattenText(text: string): string {
  if (text.length < MIN_TREE_LENGTH) return text;
  const normalized = text.normalize();
  return normalized === text ? normalized : (JSON.parse(JSON.stringify(text)) as string);
}

/** `previous + delta`, flattened when its length passes a power of two. */
export function appendedText(previous: string, delta: string): string {
  const next = previous + delta;
  return Math.clz32(next.length) < Math.clz32(previous.length) ? flattenText(next) : next;
}
