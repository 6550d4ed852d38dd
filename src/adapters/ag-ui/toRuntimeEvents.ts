import type { BaseEvent } from '@ag-ui/core';
import type { RuntimeEventEnvelope } from '../../protocol/events';
import { scopeFromContext } from '../core/adapterScope';
import { MappedStream } from '../core/mappedStream';
import type { AdapterContext } from '../../protocol/providerAdapter';
import { agUiEvents, type AgUiEventSource } from './eventStream';
import { AgUiEventMapper, type AgUiMapperOptions } from './mapEvents';

/** The `runtimeId` AG-UI adapter events carry unless the app names another. */
export const AG_UI_RUNTIME_ID = 'ag-ui';

/**
 * Runs AG-UI events through a run's mapper, yielding profile events as events arrive. A stream
 * that ends without RUN_FINISHED or RUN_ERROR (or throws) fails the turn as `stream_interrupted`;
 * an abort (`aborted()` true, or an AbortError) cancels it.
 */
export function mapAgUiStream(source: AgUiEventSource, mapper: AgUiEventMapper, aborted: () => boolean = () => false): AsyncGenerator<RuntimeEventEnvelope> {
  return new MappedStream(() => agUiEvents(source), {
    map: (event, out) => {
      // @ag-ui/client reports its own abort as a RUN_ERROR (code `abort`): a run the app
      // cancelled is cancelled, not failed.
      if ((event.type as string) === 'RUN_ERROR' && aborted()) mapper.cancel(out, 'aborted');
      else mapper.map(event as BaseEvent & Record<string, unknown>, out);
    },
    fail: (error, out) => {
      if (aborted() || (error instanceof Error && error.name === 'AbortError')) mapper.cancel(out, 'aborted');
      else mapper.cut(out, error);
    },
    end: (out) => {
      // An aborted run's stream just ends (the client swallows the abort): that is the cancel, not a cut.
      if (mapper.end === 'open' && aborted()) mapper.cancel(out, 'aborted');
      if (mapper.end === 'open') mapper.cut(out);
    },
  });
}

/** Options of the AG-UI mapping: output preview budget and spill, the event clock, the id prefix. */
export interface AgUiMappingOptions extends Pick<AgUiMapperOptions, 'previewBudget' | 'spill'> {
  /** The event clock (a fixed one records byte-stable fixtures). */
  clock?: (sequence: number) => number | Date | string;
  idPrefix?: string;
}

/**
 * The AG-UI mapping: an `AsyncIterable` or rxjs-style `Observable` of AG-UI events (one run) to
 * Lime profile events, sequences starting after `context.sequence ?? 0`. The turn id is
 * `context.turnId`, else named after the run's `runId`.
 */
export function toRuntimeEvents(source: AgUiEventSource, context: AdapterContext, options: AgUiMappingOptions = {}): AsyncIterable<RuntimeEventEnvelope> {
  const { factory, ids } = scopeFromContext(context, { runtimeId: AG_UI_RUNTIME_ID, prefix: 'agui' }, options);
  const mapper = new AgUiEventMapper({ factory, ids, turnId: context.turnId, previewBudget: options.previewBudget, spill: options.spill });
  return mapAgUiStream(source, mapper);
}
