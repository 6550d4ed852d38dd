// A read model lists messages in conversation order. One it is the first to mention (a user's prompt
// the stream never announced) belongs before the known message it precedes there, not at the end.

/** `ids` with each key of `moves` taken out and put just before its anchor (several before one anchor keep their order). */
export function placeBefore(ids: readonly string[], moves: ReadonlyMap<string, string>): string[] {
  const byAnchor = new Map<string, string[]>();
  for (const [id, anchor] of moves) {
    const list = byAnchor.get(anchor);
    if (list) list.push(id);
    else byAnchor.set(anchor, [id]);
  }
  const order: string[] = [];
  for (const id of ids) {
    if (moves.has(id)) continue;
    const before = byAnchor.get(id);
    if (before) for (const moved of before) order.push(moved);
    order.push(id);
  }
  return order;
}

/**
 * For each id of `listed` (a read model's order) not in `known`, the first known id after it, when
 * there is one: where it belongs. Ids listed after every known one need no move (they are appended).
 */
export function anchorsOfNew(listed: readonly string[], known: ReadonlySet<string>): Map<string, string> {
  const moves: [string, string][] = [];
  let next: string | undefined;
  for (let i = listed.length - 1; i >= 0; i--) {
    const id = listed[i]!;
    if (known.has(id)) next = id;
    else if (next !== undefined) moves.push([id, next]);
  }
  // Map order is insertion order: the listed order keeps several moved before one anchor in sequence.
  return new Map(moves.reverse());
}
