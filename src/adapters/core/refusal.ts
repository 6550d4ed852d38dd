import type { RuntimeEventEnvelope } from '../../protocol/events';

/** A write that cannot start: its events throw why, on the first read (the UI reports the error). */
export async function* refused(error: Error): AsyncGenerator<RuntimeEventEnvelope> {
  throw error;
}

/** Why a steering prompt is refused: the framework cannot add a message to a running turn. */
export function cannotSteer(framework: string, turnId: string): Error {
  return new Error(`${framework} cannot add a message to a running turn (${turnId}): send it with mode 'queue' to run after the turn, or stop the turn first`);
}
