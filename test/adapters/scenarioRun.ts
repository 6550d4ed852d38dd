/**
 * How a test or the fixture recorder drives an adapter's turn as a user would. No test-runner
 * imports: `scripts/record-adapter-fixtures.mjs` loads it outside Vitest.
 */
import type { RuntimeEventEnvelope } from '../../src/protocol/events';
import type { RuntimeProviderAdapter } from '../../src/protocol/providerAdapter';

/** Polls `check` (5 ms apart, 2 s at most) and fails naming `what` when it never holds. */
export async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 400 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  if (!check()) throw new Error(`timed out waiting for ${what}`);
}

/** A scenario's prompt, and the answer a user gives each action it raises (none: actions stay pending). */
export interface ScenarioTurn {
  prompt: string;
  decision?: string;
}

/**
 * Runs a scenario's turn to its end through the adapter, answering actions through
 * `respondAction` as a user would (without waiting on the turn stream that delivers the answer).
 */
export async function runScenario(adapter: RuntimeProviderAdapter, scenario: ScenarioTurn): Promise<{ events: RuntimeEventEnvelope[]; answers: Promise<RuntimeEventEnvelope>[] }> {
  const events: RuntimeEventEnvelope[] = [];
  const answers: Promise<RuntimeEventEnvelope>[] = [];
  for await (const event of adapter.startTurn({ prompt: scenario.prompt, mode: 'start' })) {
    events.push(event);
    if (event.type === 'action.required' && scenario.decision !== undefined) {
      answers.push(adapter.respondAction({ actionId: event.actionId!, decision: scenario.decision }));
    }
  }
  return { events, answers };
}
