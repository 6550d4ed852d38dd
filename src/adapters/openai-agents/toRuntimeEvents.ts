import { ToolCallError, type RunStreamEvent } from '@openai/agents';
import type { RuntimeEventEnvelope } from '../../protocol/events';
import { scopeFromContext } from '../core/adapterScope';
import type { AdapterContext } from '../../protocol/providerAdapter';
import { RunEventMapper, type RunEventMapperOptions, type RunOutcome } from './mapRunEvents';
import { classifyRunError } from './runFailure';

/** The `runtimeId` OpenAI Agents adapter events carry unless the app names another. */
export const OPENAI_AGENTS_RUNTIME_ID = 'openai-agents';

/**
 * What the mapping reads: a streamed run (`run(agent, input, { stream: true })`, a
 * `StreamedRunResult`). Its events say what happened; only the result itself says how the run
 * ended (`completed`, `error`, `cancelled`, `interruptions`, `finalOutput`), since the SDK's
 * stream has no terminal event. A bare iterable of stream events is read too, but without the
 * result nothing proves the run completed: it ends as `stream_interrupted`.
 */
export type StreamedRun = AsyncIterable<RunStreamEvent> &
  RunOutcome & {
    completed?: Promise<void>;
    currentAgent?: { name: string };
  };

const isAbortError = (error: unknown): boolean => error instanceof Error && error.name === 'AbortError';

/**
 * Runs one streamed run through a turn's mapper, yielding profile events as the run streams,
 * then how it ended: completed, waiting for approvals, cancelled, failed (the SDK's error,
 * classified) or cut.
 */
export async function* mapRun(run: StreamedRun, mapper: RunEventMapper): AsyncGenerator<RuntimeEventEnvelope> {
  const out: RuntimeEventEnvelope[] = [];
  mapper.begin(out, run.currentAgent?.name);
  let failure: unknown;
  try {
    for await (const event of run) {
      mapper.map(event, out);
      if (out.length > 0) {
        yield* out;
        out.length = 0;
      }
    }
  } catch (error) {
    failure = error;
  }
  let completed = false;
  if (run.completed !== undefined) {
    try {
      await run.completed;
      completed = true;
    } catch (error) {
      failure ??= error;
    }
  }
  failure ??= run.error ?? undefined;
  if (run.cancelled === true || (failure !== undefined && isAbortError(failure))) mapper.cancel(out, 'aborted');
  else if (failure !== undefined) mapper.fail(out, classifyRunError(failure), failure instanceof ToolCallError);
  else mapper.settle(run, out, completed);
  yield* out;
}

/** Options of the OpenAI Agents mapping: output preview budget and spill, the event clock, the id prefix. */
export interface OpenAiAgentsMappingOptions extends Pick<RunEventMapperOptions, 'previewBudget' | 'spill'> {
  /** The event clock (a fixed one records byte-stable fixtures). */
  clock?: (sequence: number) => number | Date | string;
  idPrefix?: string;
}

/**
 * The OpenAI Agents SDK mapping: a streamed run (`run(agent, input, { stream: true })`) to Lime
 * profile events, sequences starting after `context.sequence ?? 0`. A run that stops for tool
 * approvals ends its events with the pending `action.required` facts (no terminal turn event):
 * the turn goes on in the resumed run.
 */
export function toRuntimeEvents(source: StreamedRun, context: AdapterContext, options: OpenAiAgentsMappingOptions = {}): AsyncIterable<RuntimeEventEnvelope> {
  const { factory, ids } = scopeFromContext(context, { runtimeId: OPENAI_AGENTS_RUNTIME_ID, prefix: 'oa' }, options);
  const mapper = new RunEventMapper({ factory, ids, turnId: context.turnId ?? ids.turn(), previewBudget: options.previewBudget, spill: options.spill });
  return mapRun(source, mapper);
}
