/**
 * An artifact kind only from a declared MIME type: `image/*` is an image, `text/markdown` is
 * markdown; anything else is left out (undefined), so the card shows `unknown` and the declared
 * `mimeType` (a missing MIME type stays unknown).
 */
export function artifactKindOf(mimeType: string | undefined): string | undefined {
  if (mimeType === undefined) return undefined;
  const base = mimeType.split(';')[0]!.trim().toLowerCase();
  if (base.startsWith('image/')) return 'image';
  if (base === 'text/markdown') return 'markdown';
  return undefined;
}
