// How one operation of the log reads in the inspector's rows: its family (for the filter), its
// time, its type and the ids that place it, without parsing prose.
import type { ToolTranslate } from '../useToolLabels';
import type { StoreOperation } from './operationLog';

type Fields = Record<string, unknown>;
const fieldsOf = (value: unknown): Fields => (typeof value === 'object' && value !== null ? (value as Fields) : {});

/** The event's family, the part of its type before the first dot (`tool` for `tool.started`); `store` for the store's own calls. */
export function entryFamily(entry: StoreOperation): string {
  if (entry.kind !== 'event') return 'store';
  const type = fieldsOf(entry.event).type;
  return typeof type === 'string' ? (type.split('.')[0] ?? type) : '?';
}

/** `10:00:01.250`, from the event's timestamp (UTC); empty when it has none. */
export function entryTime(entry: StoreOperation): string {
  if (entry.kind !== 'event') return '';
  const stamp = fieldsOf(entry.event).timestamp;
  const ms = typeof stamp === 'string' ? Date.parse(stamp) : Number.NaN;
  return Number.isFinite(ms) ? new Date(ms).toISOString().slice(11, 23) : '';
}

/** The event's type as sent, or what the store was asked to do. */
export function entryType(entry: StoreOperation, t: ToolTranslate): string {
  switch (entry.kind) {
    case 'event': {
      const type = fieldsOf(entry.event).type;
      return typeof type === 'string' ? type : '?';
    }
    case 'snapshot':
      return t(entry.older ? 'inspector.entry.olderPage' : 'inspector.entry.snapshot');
    case 'settle':
      return t('inspector.entry.settle');
    case 'stale':
      return t('inspector.entry.stale', { reason: entry.reason });
    case 'fresh':
      return t('inspector.entry.fresh', { reason: entry.reason });
    case 'diagnostic':
      return t('inspector.entry.diagnostic', { code: entry.diagnostic.code });
    default:
      return t('inspector.entry.reset');
  }
}

/** The ids that place an event (`e12 · turn-1 · tc-1`): envelope fields named `…Id`, the event id first. */
export function entryIds(entry: StoreOperation): string[] {
  if (entry.kind !== 'event') return [];
  const fields = fieldsOf(entry.event);
  const ids: string[] = typeof fields.eventId === 'string' ? [fields.eventId] : [];
  for (const key of ['turnId', 'messageId', 'toolCallId', 'actionId', 'artifactId', 'evidenceId', 'taskId', 'subagentId']) {
    const value = fields[key];
    if (typeof value === 'string') ids.push(value);
  }
  return ids;
}

/** The event's id, when it has one. */
export function entryEventId(entry: StoreOperation): string | undefined {
  const id = entry.kind === 'event' ? fieldsOf(entry.event).eventId : undefined;
  return typeof id === 'string' ? id : undefined;
}

/** What the log's filters ask for. */
export interface EntryFilter {
  family: string;
  query: string;
  /** Event ids with a diagnostic in the live store; only these (and the store's own diagnostics) pass. */
  diagnosed?: ReadonlySet<string>;
}

/** Whether an entry passes the filters: its family, a type or id containing the query, and a diagnostic when asked. */
export function entryMatches(entry: StoreOperation, filter: EntryFilter, t: ToolTranslate): boolean {
  if (filter.family !== '' && entryFamily(entry) !== filter.family) return false;
  if (filter.diagnosed) {
    const id = entryEventId(entry);
    if (entry.kind !== 'diagnostic' && (id === undefined || !filter.diagnosed.has(id))) return false;
  }
  const query = filter.query.trim().toLowerCase();
  if (query === '') return true;
  return [entryType(entry, t), ...entryIds(entry)].some((text) => text.toLowerCase().includes(query));
}
