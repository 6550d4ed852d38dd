/**
 * The connection between a source and a store as a pure state machine: `step(machine, input)`
 * returns the next machine and the effects to perform, and touches nothing. The runner
 * (`connectRuntimeStream`) performs the effects (timers, `readThread`, applyReadModel, resume) and
 * feeds their outcomes back as inputs; this file decides everything else.
 */

export type ConnectionPhase =
  /** The source is connecting (first time, or after a resume). */
  | 'connecting'
  /** Events flow and nothing waits. */
  | 'open'
  /** Events wait behind a missing sequence; the gap deadline runs. */
  | 'gap-wait'
  /** A snapshot is being read and hydrated. */
  | 'repairing'
  /** Waiting before the next repair (with an adapter) or the source's next reconnect (without). */
  | 'backoff'
  /** The source completed and nothing needs repair. */
  | 'ended'
  /** Gave up: the repair failed too often, or the source did. Only `retry` or `close` leave it. */
  | 'error'
  | 'closed';

/** Every phase of the connection state machine, in lifecycle order (for exhaustive tests and displays). */
export const CONNECTION_PHASES: readonly ConnectionPhase[] = ['connecting', 'open', 'gap-wait', 'repairing', 'backoff', 'ended', 'error', 'closed'];

/** What the transport last said, kept while a repair decides the phase. */
export type SourcePhase = 'connecting' | 'open' | 'down' | 'ended' | 'failed';

/**
 * The connection state machine's state: its phase, the transport's last status, what it can do
 * (repair, resume) and its repair counters.
 */
export interface ConnectionMachine {
  phase: ConnectionPhase;
  source: SourcePhase;
  /** An adapter can repair from a snapshot. */
  canRepair: boolean;
  /** The source can reconnect after a cursor (`resumeFrom`). */
  canResume: boolean;
  maxRepairAttempts: number;
  /** Failed repairs in a row. */
  attempts: number;
  /** Repairs made in the current stale episode: a repeat waits out a backoff instead of storming. */
  episodeRepairs: number;
  /** When the view went stale (for `lastRepairMs`). */
  staleSince?: number;
  lastRepairMs?: number;
  error?: string;
}

/**
 * What the connection state machine reacts to: transport status, applied batches, timers, repair
 * outcomes, the app's retry and close.
 */
export type ConnectionInput =
  | { type: 'source'; status: 'connecting' | 'open' | 'reconnecting' | 'ended' | 'error' | 'closed'; error?: string; at: number }
  /**
   * A batch was applied (`after: 'batch'`) or open gaps were declared (`after: 'settle'`):
   * `damaged` when it declared a gap or met a late event, `stale` whether the view is stale now.
   */
  | { type: 'ingested'; after: 'batch' | 'settle'; pending: number; damaged: boolean; stale: boolean; at: number }
  | { type: 'gap-timeout' }
  | { type: 'repaired'; cursor?: number; stale: boolean; at: number }
  | { type: 'repair-failed'; error: string }
  | { type: 'backoff-elapsed' }
  | { type: 'retry' }
  | { type: 'close' };

/**
 * What the connection state machine asks its runner to do (flush, settle, timers, mark stale,
 * repair, reconnect, close).
 */
export type ConnectionEffect =
  /** Apply the buffered events now (feeds back `ingested`). */
  | { type: 'flush' }
  /** Declare this connection's open gaps (feeds back `ingested` with `after: 'settle'`). */
  | { type: 'settle' }
  | { type: 'start-gap-timer' }
  | { type: 'cancel-gap-timer' }
  /** The stream broke: the view is stale until repaired. */
  | { type: 'mark-stale' }
  /** Without a snapshot, the source resuming after its cursor is the repair. */
  | { type: 'clear-stale' }
  /** readThread, then applyReadModel (feeds back `repaired` or `repair-failed`). */
  | { type: 'read-thread' }
  /** Reconnect the source after `cursor` (the source's own cursor when absent). */
  | { type: 'resume'; cursor?: number }
  | { type: 'start-backoff'; attempt: number }
  | { type: 'cancel-backoff' }
  | { type: 'report-failure'; attempt: number; error: string }
  | { type: 'close-source' };

export type Step = [ConnectionMachine, ConnectionEffect[]];

/** The state machine at the start of a connection (phase `connecting`). `maxRepairAttempts` defaults to 5. */
export function initialMachine(options: { canRepair: boolean; canResume: boolean; maxRepairAttempts?: number }): ConnectionMachine {
  return {
    phase: 'connecting',
    source: 'connecting',
    canRepair: options.canRepair,
    canResume: options.canResume,
    maxRepairAttempts: Math.max(1, options.maxRepairAttempts ?? 5),
    attempts: 0,
    episodeRepairs: 0,
  };
}

/** The public status a phase shows. */
export function statusOf(phase: ConnectionPhase): 'connecting' | 'open' | 'reconnecting' | 'repairing' | 'ended' | 'closed' | 'error' {
  switch (phase) {
    case 'gap-wait':
      return 'open';
    case 'backoff':
      return 'reconnecting';
    default:
      return phase;
  }
}

const STOP_TIMERS: ConnectionEffect[] = [{ type: 'cancel-gap-timer' }, { type: 'cancel-backoff' }];

/** Phases in which a repair is under way or given up: new damage waits for its outcome. */
const isRepairBusy = (m: ConnectionMachine) => m.phase === 'repairing' || m.phase === 'error' || (m.phase === 'backoff' && m.canRepair);

/** The phase the source alone implies, once no repair is under way. */
function sourcePhase(source: SourcePhase, canRepair: boolean): ConnectionPhase {
  switch (source) {
    case 'connecting':
      return 'connecting';
    case 'open':
      return 'open';
    case 'down':
      return canRepair ? 'open' : 'backoff';
    case 'ended':
      return 'ended';
    case 'failed':
      return 'error';
  }
}

/** Damage or a disconnect: one repair now per stale episode, a backoff before any repeat. */
function requestRepair(m: ConnectionMachine): Step {
  if (!m.canRepair || isRepairBusy(m)) return [m, []];
  if (m.episodeRepairs === 0) return [{ ...m, phase: 'repairing' }, [{ type: 'cancel-gap-timer' }, { type: 'read-thread' }]];
  return [{ ...m, phase: 'backoff' }, [{ type: 'cancel-gap-timer' }, { type: 'start-backoff', attempt: m.attempts + m.episodeRepairs }]];
}

function onSource(m: ConnectionMachine, input: Extract<ConnectionInput, { type: 'source' }>): Step {
  const quiet = isRepairBusy(m);
  switch (input.status) {
    case 'closed':
      return [{ ...m, phase: 'closed' }, STOP_TIMERS];
    case 'connecting':
    case 'open': {
      const next: ConnectionMachine = { ...m, source: input.status };
      if (quiet) return [next, []];
      const effects: ConnectionEffect[] = input.status === 'open' && !m.canRepair ? [{ type: 'clear-stale' }] : [];
      return [{ ...next, phase: input.status, ...(input.status === 'open' && !m.canRepair && { staleSince: undefined }) }, effects];
    }
    case 'reconnecting': {
      const next: ConnectionMachine = { ...m, source: 'down', staleSince: m.staleSince ?? input.at, ...(input.error !== undefined && !quiet && { error: input.error }) };
      const effects: ConnectionEffect[] = [{ type: 'mark-stale' }];
      if (!m.canRepair) return [{ ...next, phase: m.phase === 'error' ? 'error' : 'backoff' }, [...effects, { type: 'cancel-gap-timer' }]];
      const [repaired, more] = requestRepair(next);
      return [repaired, [...effects, ...more]];
    }
    case 'ended': {
      const next: ConnectionMachine = { ...m, source: 'ended' };
      const effects: ConnectionEffect[] = [{ type: 'cancel-gap-timer' }, { type: 'flush' }, { type: 'settle' }];
      return [quiet ? next : { ...next, phase: 'ended' }, effects];
    }
    case 'error': {
      const next: ConnectionMachine = { ...m, source: 'failed', error: input.error ?? m.error ?? 'the stream failed' };
      // A repair under way resumes the source when it succeeds; otherwise this is the end.
      if (m.phase === 'repairing' || (m.phase === 'backoff' && m.canRepair)) return [next, [{ type: 'flush' }]];
      return [{ ...next, phase: 'error' }, [{ type: 'cancel-gap-timer' }, { type: 'flush' }]];
    }
  }
}

function onIngested(m: ConnectionMachine, input: Extract<ConnectionInput, { type: 'ingested' }>): Step {
  // The episode ends when the view is fresh again; its repairs no longer count against a repeat.
  let next: ConnectionMachine = input.stale ? { ...m, staleSince: m.staleSince ?? input.at } : { ...m, staleSince: undefined, episodeRepairs: 0 };
  if (input.damaged && m.canRepair) return requestRepair(next);
  // Events arriving while connecting mean the source is open (some sources never say so).
  if (next.phase === 'connecting' && input.after === 'batch') next = { ...next, phase: 'open', source: 'open' };
  if (next.phase === 'open' && input.pending > 0 && input.after === 'batch') return [{ ...next, phase: 'gap-wait' }, [{ type: 'start-gap-timer' }]];
  if (next.phase === 'gap-wait' && (input.pending === 0 || input.after === 'settle')) return [{ ...next, phase: 'open' }, [{ type: 'cancel-gap-timer' }]];
  return [next, []];
}

function onRepaired(m: ConnectionMachine, input: Extract<ConnectionInput, { type: 'repaired' }>): Step {
  if (m.phase !== 'repairing') return [m, []];
  const base: ConnectionMachine = {
    ...m,
    attempts: 0,
    error: undefined,
    lastRepairMs: m.staleSince === undefined ? 0 : Math.max(0, input.at - m.staleSince),
    staleSince: input.stale ? m.staleSince : undefined,
    episodeRepairs: input.stale ? m.episodeRepairs + 1 : 0,
  };
  // A source that can resume reconnects after the repaired cursor and reports its own phases;
  // one that cannot (a turn stream) is where it was: ended if it ended during the repair.
  if (m.canResume) return [{ ...base, phase: 'open', source: 'connecting' }, [{ type: 'resume', cursor: input.cursor }]];
  const phase = sourcePhase(m.source, m.canRepair);
  return [{ ...base, phase, ...(phase === 'error' && { error: m.error ?? 'the stream failed' }) }, []];
}

function onRepairFailed(m: ConnectionMachine, input: Extract<ConnectionInput, { type: 'repair-failed' }>): Step {
  if (m.phase !== 'repairing') return [m, []];
  const attempts = m.attempts + 1;
  const effects: ConnectionEffect[] = [{ type: 'report-failure', attempt: attempts, error: input.error }];
  if (attempts >= m.maxRepairAttempts) return [{ ...m, phase: 'error', attempts, error: `the stream could not be repaired: ${input.error}` }, effects];
  return [{ ...m, phase: 'backoff', attempts, error: input.error }, [...effects, { type: 'start-backoff', attempt: attempts + m.episodeRepairs }]];
}

function onRetry(m: ConnectionMachine): Step {
  if (m.phase === 'repairing') return [m, []];
  const next: ConnectionMachine = { ...m, attempts: 0, episodeRepairs: 0, error: undefined };
  if (m.canRepair) return [{ ...next, phase: 'repairing' }, [...STOP_TIMERS, { type: 'read-thread' }]];
  if (m.canResume) return [{ ...next, phase: 'connecting', source: 'connecting' }, [{ type: 'resume' }]];
  return [next, []];
}

/**
 * One pure transition: `step(machine, input)` returns the next machine and the effects to run; no
 * timers, no I/O (a closed machine ignores everything).
 */
export function step(m: ConnectionMachine, input: ConnectionInput): Step {
  if (m.phase === 'closed') return [m, []];
  switch (input.type) {
    case 'close':
      return [{ ...m, phase: 'closed' }, [...STOP_TIMERS, { type: 'close-source' }]];
    case 'source':
      return onSource(m, input);
    case 'ingested':
      return onIngested(m, input);
    case 'gap-timeout':
      return m.phase === 'gap-wait' ? [m, [{ type: 'flush' }, { type: 'settle' }]] : [m, []];
    case 'repaired':
      return onRepaired(m, input);
    case 'repair-failed':
      return onRepairFailed(m, input);
    case 'backoff-elapsed':
      return m.phase === 'backoff' && m.canRepair ? [{ ...m, phase: 'repairing' }, [{ type: 'read-thread' }]] : [m, []];
    case 'retry':
      return onRetry(m);
  }
}
