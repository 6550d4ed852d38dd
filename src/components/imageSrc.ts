// Where an image may load from: the display policy's origins (DisplayPolicy.imageOrigins) applied
// to a URL. Only markdown and artifact previews show images, and they load lazily: apart from the
// policy itself, which every surface reads.

/** An image URL the app's `loadRef` returned: its own choice, but never a script-capable scheme. */
export function loadedImageSrc(url: string): string | undefined {
  const trimmed = url.trim();
  return /^(?:blob:|data:image\/(?:png|jpe?g|gif|webp|avif|svg\+xml)[;,]|https?:\/\/|\/(?![\/\\]))/i.test(trimmed) ? trimmed : undefined;
}

/**
 * A URL an image may load from under the policy: absolute http(s) on an allowed origin, or a
 * same-page path when `'self'` is allowed. Protocol-relative (`//host/x.png`) and every other
 * scheme are refused.
 */
export function allowedImageSrc(url: string, imageOrigins: readonly string[], base = globalThis.location?.href): string | undefined {
  const trimmed = url.replace(/[\t\n\r]/g, '').trim(); // browsers drop these inside URLs
  // Protocol-relative URLs take whatever scheme the page has: refused whatever the origin list says.
  if (trimmed === '' || imageOrigins.length === 0 || /^[\\/]{2}/.test(trimmed)) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(trimmed, base ?? 'http://invalid.invalid/');
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
  const relative = !/^[a-z][a-z0-9+.-]*:/i.test(trimmed);
  if (relative) return imageOrigins.includes('self') && base !== undefined ? parsed.href : undefined;
  return imageOrigins.includes(parsed.origin) ? parsed.href : undefined;
}
