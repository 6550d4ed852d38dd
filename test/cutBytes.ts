/** `bytes` cut at the given offsets (each taken modulo the length + 1): the chunks a stream might deliver. */
export function cutBytes(bytes: Uint8Array, offsets: readonly number[]): Uint8Array[] {
  const points = [...new Set(offsets.map((o) => o % (bytes.length + 1)))].sort((a, b) => a - b);
  const parts: Uint8Array[] = [];
  let from = 0;
  for (const to of [...points, bytes.length]) {
    parts.push(bytes.subarray(from, to));
    from = to;
  }
  return parts;
}
