// What a terminal entity holds, field by field: no read model may change any of it (issue 22).
import type { ProjectionData } from '../../src/store/state';

/** Every field a terminal entity holds now, keyed `table:id.field`. */
export function terminalFields(state: ProjectionData): Map<string, string> {
  const out = new Map<string, string>();
  // A failure is held field by field: one the read model completes (a message it lacked) is filled, not changed.
  const hold = (kind: string, id: string, record: object) => {
    for (const [field, value] of Object.entries(record)) {
      // Held means stated: an empty string (no args streamed yet) is filled, not changed.
      if (value === undefined || value === '') continue;
      if (field === 'failure') {
        for (const [key, item] of Object.entries(value as object)) if (item !== undefined) out.set(`${kind}:${id}.failure.${key}`, JSON.stringify(item));
      }
      else out.set(`${kind}:${id}.${field}`, JSON.stringify(value));
    }
  };
  for (const turn of state.turns.byId.values()) if (['completed', 'failed', 'cancelled'].includes(turn.lifecycle)) hold('turn', turn.turnId, { lifecycle: turn.lifecycle, failure: turn.failure, endedAt: turn.endedAt });
  for (const [key, tool] of state.toolCalls.byId) {
    if (tool.status === 'succeeded' || tool.status === 'failed') {
      const { artifactIds: _a, evidenceIds: _e, ...fields } = tool;
      hold('tool', key, fields);
    }
  }
  for (const action of state.actions.byId.values()) {
    if (action.status !== 'pending') {
      const { turnId: _t, ...fields } = action;
      hold('action', action.actionId, fields);
    }
  }
  for (const message of state.messages.byId.values()) {
    if (message.final) {
      const text = message.partIds.map((id) => state.parts.byId.get(id)).filter((p) => p?.kind === 'text').map((p) => p!.text).join('');
      hold('message', message.messageId, { final: true, status: message.status, text });
    }
  }
  for (const artifact of state.artifacts.byId.values()) {
    if (artifact.status === 'ready' || artifact.status === 'final') hold('artifact', artifact.artifactId, { status: artifact.status, currentVersionId: artifact.currentVersionId, kind: artifact.kind, title: artifact.title });
    if (artifact.status === 'ready' || artifact.status === 'final') out.set(`artifact:${artifact.artifactId}.versionIds`, JSON.stringify(artifact.versionIds));
  }
  return out;
}

/**
 * The terminal fields `after` no longer holds as `before` did. With `current` (the read model
 * states its cursor and was not behind), an artifact may move to a version the store never saw:
 * that is a newer fact, and its list of versions grows.
 */
export function changedTerminalFields(before: Map<string, string>, after: Map<string, string>, current = false): string[] {
  const out: string[] = [];
  for (const [key, value] of before) {
    const now = after.get(key);
    if (now === value) continue;
    if (current && key.startsWith('artifact:') && (key.endsWith('.currentVersionId') || key.endsWith('.versionIds'))) {
      const versions = key.slice(0, key.lastIndexOf('.')) + '.versionIds';
      const held = JSON.parse(before.get(versions) ?? '[]') as string[];
      const grown = JSON.parse(after.get(versions) ?? '[]') as string[];
      const newest = now === undefined ? undefined : (JSON.parse(now) as unknown);
      if (held.every((v, i) => grown[i] === v) && (key.endsWith('.versionIds') || (typeof newest === 'string' && !held.includes(newest)))) continue;
    }
    out.push(`${key}: ${value} -> ${now}`);
  }
  return out;
}

