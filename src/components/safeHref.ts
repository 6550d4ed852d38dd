const ALLOWED = new Set(['http', 'https', 'mailto']);

/**
 * A link target runtime text may use: http, https, mailto, or a relative URL. Anything else
 * (javascript:, data:, vbscript:, file: ...) is refused, including schemes hidden by the control
 * characters and spaces browsers strip.
 */
export function safeHref(url: string): string | undefined {
  // eslint-disable-next-line no-control-regex
  const compact = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (compact === '') return undefined;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1]?.toLowerCase();
  if (scheme === undefined) return url.trim();
  return ALLOWED.has(scheme) ? url.trim() : undefined;
}
