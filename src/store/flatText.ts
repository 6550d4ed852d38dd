// Streamed text is built by appending deltas (`text + delta`). V8 keeps such a string as a tree of
// its pieces (a cons string): every 8-character delta of a long answer costs ~40 bytes, and a
// finished 100k-delta answer held 4 bytes per character. A flat copy holds ~1 byte per character
// and lets the pieces go. Copying whenever the length passes a power of two keeps the cost O(1)
// amortized per character; a finished part is copied once more. Below `FLATTEN_FROM` characters a
// text stays a tree while it streams (a tool's args: a few short fragments, each copy a call per
// delta) and is flattened once when it ends.
//
// How to get a flat copy: reading a character (`charCodeAt`) flattens the tree in place in Node,
// but Chrome's optimized code reads through the tree without flattening (measured: 200k short
// texts kept 26.9 MB either way). A regular expression runs only on a flat subject, so testing one
// flattens the string in place, in every V8 tier, in one linear copy. `normalize()` also flattened,
// but it normalizes too: quadratic on long runs of combining marks (issue 23: 100 KB of them took
// 4.5 s), and runtime text is untrusted.

/** V8 copies concatenations shorter than this into one flat string: they never form a tree. */
const MIN_TREE_LENGTH = 13;

/** Matches at once, at the start: its only work is the flattening every regexp subject gets. */
const AT_START = /^/;

/** Streaming text is first flattened when it reaches this length (then at each power of two). */
const FLATTEN_FROM = 256;

/** `text` as one flat string (the same string, its tree flattened in place). */
export function flattenText(text: string): string {
  if (text.length >= MIN_TREE_LENGTH) AT_START.test(text);
  return text;
}

/** `previous + delta`, flattened when its length passes a power of two from `FLATTEN_FROM` on. */
export function appendedText(previous: string, delta: string): string {
  // The first delta is the text: nothing was concatenated, so there is no tree to flatten (the
  // regular expression still cost a call per streamed part: a tool's first args fragment).
  if (previous.length === 0) return delta;
  const next = previous + delta;
  return next.length >= FLATTEN_FROM && Math.clz32(next.length) < Math.clz32(previous.length) ? flattenText(next) : next;
}
