import {
  GuardrailExecutionError,
  InputGuardrailTripwireTriggered,
  MaxTurnsExceededError,
  ModelBehaviorError,
  ModelRefusalError,
  ModelTimeoutError,
  OutputGuardrailTripwireTriggered,
  ToolCallError,
  ToolInputGuardrailTripwireTriggered,
  ToolOutputGuardrailTripwireTriggered,
  ToolTimeoutError,
  UserError,
} from '@openai/agents';
import type { JsonObject } from '../../protocol/events';

/** A failed run as the profile reports it: a category, the SDK's message, and what the user can do. */
export interface RunFailure extends JsonObject {
  failureCategory: string;
  message: string;
  recoveryHint: string;
}

const isGuardrailTrip = (error: unknown): error is { result?: { guardrail?: { name?: unknown } } } =>
  error instanceof InputGuardrailTripwireTriggered ||
  error instanceof OutputGuardrailTripwireTriggered ||
  error instanceof ToolInputGuardrailTripwireTriggered ||
  error instanceof ToolOutputGuardrailTripwireTriggered;

/**
 * The category of an error a run ended with, from the SDK's own error classes (never from the
 * message text). A provider error that carries an HTTP status (the `openai` client's APIError)
 * is classified by that status; anything else is a `run_error`.
 */
export function classifyRunError(error: unknown): RunFailure {
  const message = error instanceof Error ? error.message : String(error);
  const failure = (failureCategory: string, recoveryHint: string): RunFailure => ({ failureCategory, message, recoveryHint });
  if (error instanceof MaxTurnsExceededError) return failure('max_turns_exceeded', 'The agent reached its turn limit: narrow the request or raise maxTurns, then send it again.');
  if (isGuardrailTrip(error)) {
    const name = error.result?.guardrail?.name;
    return { ...failure('guardrail_tripped', 'A guardrail stopped the run: change the request and send it again.'), ...(typeof name === 'string' && { guardrail: name }) };
  }
  if (error instanceof GuardrailExecutionError) return failure('guardrail_error', 'A guardrail could not run: check the guardrail, then send the message again.');
  if (error instanceof ModelTimeoutError) return failure('model_timeout', 'The model did not answer in time: send the message again.');
  if (error instanceof ModelRefusalError) return failure('model_refusal', 'The model refused the request: rephrase it and send it again.');
  if (error instanceof ModelBehaviorError) return failure('model_behavior', 'The model produced output the agent cannot use: send the message again.');
  if (error instanceof ToolTimeoutError) return failure('tool_timeout', 'A tool did not finish in time: send the message again.');
  if (error instanceof ToolCallError) return failure('tool_error', 'A tool failed and the agent stopped: check the tool, then send the message again.');
  if (error instanceof UserError) return failure('configuration_error', 'The agent is misconfigured: fix its definition, then send the message again.');
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number') {
    if (status === 429) return failure('rate_limited', 'The model provider is rate limiting: wait, then send the message again.');
    if (status >= 500) return failure('provider_error', 'The model provider failed: send the message again.');
    return failure('provider_rejected', 'The model provider rejected the request: check the agent’s model settings.');
  }
  return failure('run_error', 'The agent run threw an error: send the message again.');
}
