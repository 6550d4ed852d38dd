import type { AdapterContext } from '../../protocol/providerAdapter';
import { CorrelationMap } from './correlationMap';
import { createEnvelopeFactory, type EnvelopeFactory, type EnvelopeFactoryOptions } from './envelopeFactory';

/**
 * Where an adapter's events land and how they are named: runtime, session, thread, the sequence to
 * continue after, the id prefix.
 */
export interface AdapterScopeOptions {
  /** The adapter's runtime id (its framework's name unless the app names another). */
  runtimeId: string;
  sessionId: string;
  threadId?: string;
  /** The last sequence already used in this session: events start after it. */
  sequence?: number;
  /** Names the adapter's turns (`<prefix>-turn-<n>`) and, after the session id, its events (`<sessionId>-<prefix>-<sequence>`). */
  prefix: string;
  /** The event clock (a fixed one records byte-stable fixtures). */
  clock?: EnvelopeFactoryOptions['clock'];
}

/** What every adapter builds its events with: one envelope factory and one correlation map. */
export interface AdapterScope {
  factory: EnvelopeFactory;
  ids: CorrelationMap;
}

/**
 * The envelope factory and correlation map of one adapter (or one `toRuntimeEvents` call): event
 * ids carry the session and the adapter's prefix, so two adapters (or two processes with their
 * own prefix) never name two events alike.
 */
export function createAdapterScope(options: AdapterScopeOptions): AdapterScope {
  const factory = createEnvelopeFactory({
    runtimeId: options.runtimeId,
    sessionId: options.sessionId,
    threadId: options.threadId,
    sequence: options.sequence,
    idPrefix: `${options.sessionId}-${options.prefix}`,
    ...(options.clock !== undefined && { clock: options.clock }),
  });
  return { factory, ids: new CorrelationMap(options.prefix) };
}

/** A `toRuntimeEvents` call's scope: the context's session, thread and sequence, the framework's defaults. */
export function scopeFromContext(
  context: AdapterContext,
  defaults: { runtimeId: string; prefix: string },
  options: { idPrefix?: string; clock?: EnvelopeFactoryOptions['clock'] } = {},
): AdapterScope {
  return createAdapterScope({
    runtimeId: context.runtimeId ?? defaults.runtimeId,
    sessionId: context.sessionId,
    threadId: context.threadId,
    sequence: context.sequence,
    prefix: options.idPrefix ?? defaults.prefix,
    clock: options.clock,
  });
}
