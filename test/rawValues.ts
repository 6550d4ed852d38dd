// What "no raw runtime value on screen" means, shared by the jsdom test and the Playwright spec:
// runtime vocabulary the kit must translate, and the runtime's own prose it shows as is.

/** Runtime vocabulary the kit must never print as is: statuses, decisions, kinds, severities, snake_case and dotted types. */
export const RAW_WORDS = [
  'completed', 'succeeded', 'failed', 'running', 'pending', 'resolved', 'expired', 'cancelled', 'needs-input', 'allow', 'deny',
  'approve', 'reject', 'ready', 'recorded', 'passed', 'exported', 'document', 'markdown', 'idle', 'blocked', 'unknown',
  'unavailable', 'stale', 'critical', 'high', 'medium', 'low', 'retrying', 'preparing', 'acting', 'streaming', 'quota',
];
export const RAW = new RegExp(`(?<![\\w-])(${RAW_WORDS.join('|')})(?![\\w-])|\\b[a-z0-9]+(?:_[a-z0-9]+)+\\b|\\b[a-z]+\\.[a-z_]+\\b`, 'g');

/** Elements whose text the runtime wrote verbatim (answers, names, inputs, code), and the developer-facing Diagnostics lane. */
export const RUNTIME_TEXT =
  '.aui-markdown, .aui-message[data-role="user"], code, pre, bdi, textarea, select, .aui-tool-call__input-inline, [id$="content-diagnostics"], .aui-subagent__transcript';

/** Every string with a space in the events' payloads: prose the runtime wrote (messages, hints, details), longest first. */
export function runtimeProse(events: unknown[]): string[] {
  const found = new Set<string>();
  const walk = (v: unknown) => {
    if (typeof v === 'string') {
      if (v.includes(' ')) found.add(v);
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(events);
  return [...found].sort((a, b) => b.length - a.length);
}

/** The raw values left in `text` once the runtime's prose is taken out. */
export function rawValuesIn(text: string, prose: readonly string[]): string[] {
  const kit = prose.reduce((t, p) => t.split(p).join(' '), text);
  return kit.match(RAW) ?? [];
}
