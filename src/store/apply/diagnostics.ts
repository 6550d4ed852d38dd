import type { DiagnosticEvent, RuntimeEventEnvelope } from '../../protocol/events';
import { readFailure, readString } from '../../protocol/payloadReaders';
import type { ApplyContext } from './context';
import { ensureThread } from './lifecycle';

/** runtime.warning / runtime.error are typed failures: category, retryability and hint are kept. */
export function applyRuntimeDiagnostic(ctx: ApplyContext, event: DiagnosticEvent): void {
  const failure = readFailure(event);
  const isError = event.type === 'runtime.error';
  const code = readString(event.payload.code) ?? (isError ? 'runtime_error' : 'runtime_warning');
  ctx.draft.diagnose({
    code,
    severity: isError ? 'error' : 'warning',
    message: failure.message ?? `${event.type} (${failure.category ?? 'uncategorized'})`,
    eventId: event.eventId,
    type: event.originalType ?? event.type,
  });
  ctx.draft.record('diagnostic', event.eventId, event, code);
  if (isError && event.threadId !== undefined) {
    const thread = ensureThread(ctx, event.threadId);
    ctx.draft.put('threads', thread.threadId, { ...thread, incidents: [...thread.incidents, { eventId: event.eventId, code, ...failure }] });
  }
}

/** Facts the kit keeps in the process archive without a dedicated surface (hooks, jobs, channels ...). */
export function applyProcessFact(ctx: ApplyContext, event: RuntimeEventEnvelope): void {
  ctx.draft.record('process', event.eventId, event, readString(event.payload.title) ?? readString(event.payload.name));
}
