import { createContext, forwardRef, useContext, type ComponentPropsWithoutRef } from 'react';
import { revealBidi } from './safeText';
import { Slot } from 'radix-ui';
import { useRuntimeSelector, shallowEqual } from '../hooks/useRuntimeSelector';
import type { RuntimeState } from '../store/createRuntimeStore';
import { selectLatestTurn, selectTurnStatus } from '../store/selectors/turnStatus';
import { useConnectionState } from '../hooks/useConnectionState';
import { FactBadge } from './FactBadge';
import { between, classes, formatDuration } from './format';
import type { LabelKey, Labels } from './labels';
import { useLabels, type Translate } from './useLabels';

/** The stage shown, in the order of a turn: accepted, routing, preparing, streaming ... completed. */
export type DisplayStage =
  | 'idle'
  | 'submitted'
  | 'routing'
  | 'preparing'
  | 'planning'
  | 'acting'
  | 'streaming'
  | 'running'
  | 'waiting'
  | 'blocked'
  | 'retrying'
  | 'cancelled'
  | 'failed'
  | 'completed'
  | 'unknown';

const RUN_STAGES = new Set(['routing', 'preparing', 'planning', 'acting', 'streaming', 'retrying']);

export interface RuntimeStatusFacts {
  stage: DisplayStage;
  turnId?: string;
  detail?: string;
  elapsedMs?: number;
  model?: string;
  candidateCount?: number;
  decisionSource?: string;
  blockedReason?: string;
  failure?: { category?: string; retryable?: boolean; recoveryHint?: string; message?: string };
  stale: boolean;
}

/** What the status header shows, from facts only (elapsed time is event time, not the wall clock). */
export function selectRuntimeStatus(state: RuntimeState): RuntimeStatusFacts {
  const turn = selectLatestTurn(state);
  const stale = state.session.stale;
  const routing = state.routing;
  const base = {
    stale,
    model: routing?.selectedModel,
    candidateCount: routing?.candidateCount,
    decisionSource: routing?.decisionSource,
  };
  if (!turn) return { ...base, stage: 'idle' };
  const status = selectTurnStatus(state, turn);
  const ended = status === 'completed' || status === 'failed' || status === 'cancelled';
  const elapsedMs = between(turn.submittedAt ?? turn.startedAt, ended ? turn.endedAt : state.session.lastTimestamp);
  let stage: DisplayStage;
  if (status === 'needs-input') stage = 'waiting';
  else if (status === 'running') stage = turn.stage && RUN_STAGES.has(turn.stage) ? (turn.stage as DisplayStage) : 'running';
  else if (status === 'idle') stage = 'idle';
  else stage = status;
  return {
    ...base,
    stage,
    turnId: turn.turnId,
    detail: status === 'running' ? turn.stageDetail : undefined,
    elapsedMs,
    blockedReason: status === 'blocked' ? (turn.blocked?.detail ?? turn.blocked?.reason) : undefined,
    failure: status === 'failed' ? turn.failure : undefined,
  };
}

const StatusContext = createContext<{ facts: RuntimeStatusFacts; t: Translate } | null>(null);
const useStatus = () => {
  const value = useContext(StatusContext);
  if (!value) throw new Error('AgentUI: RuntimeStatus parts go inside <RuntimeStatus.Root>.');
  return value;
};

/** Props of `RuntimeStatusRoot`; any other prop goes to its root element where it has one. */
export interface RuntimeStatusRootProps extends ComponentPropsWithoutRef<'div'> {
  /** Overrides for this component's strings by key; the provider's `labels` and the English defaults apply otherwise. */
  labels?: Labels;
  /** Render the part's behaviour onto its single child element instead of a wrapper (Radix `Slot`). */
  asChild?: boolean;
}

/** Status, stage and model: shown before the first text, outside the conversation. */
const Root = forwardRef<HTMLDivElement, RuntimeStatusRootProps>(function RuntimeStatusRoot({ labels, asChild, className, children, ...rest }, ref) {
  const facts = useRuntimeSelector(selectRuntimeStatus, shallowEqual);
  const t = useLabels(labels);
  const connection = useConnectionState().status;
  const Comp = asChild ? Slot.Root : 'div';
  return (
    <StatusContext.Provider value={{ facts, t }}>
      <Comp
        ref={ref}
        className={classes('aui-runtime-status', className)}
        role="group"
        aria-label={t('status.region')}
        data-status={facts.stage}
        data-stale={facts.stale || undefined}
        data-connection={CONNECTION_SHOWN.has(connection) ? connection : undefined}
        {...rest}
      >
        {children ?? (
          <>
            <Stage />
            <Elapsed />
            <ModelChip />
            <Problem />
            <Connection />
          </>
        )}
      </Comp>
    </StatusContext.Provider>
  );
});

/** The stage word (a live region: screen readers hear stage changes). */
function Stage() {
  const { facts, t } = useStatus();
  return (
    <span className="aui-runtime-status__stage" role="status" aria-live="polite">
      <span className="aui-runtime-status__dot" aria-hidden="true" />
      {t(`status.${facts.stage}` as LabelKey)}
      {facts.detail && <span className="aui-runtime-status__detail"> · {facts.detail}</span>}
      {facts.stale && <FactBadge fact="stale" />}
    </span>
  );
}

function Elapsed() {
  const { facts, t } = useStatus();
  if (facts.elapsedMs === undefined) return null;
  return <span className="aui-runtime-status__elapsed">{t('status.elapsed', { time: formatDuration(facts.elapsedMs) })}</span>;
}

/** The model chip explains a single candidate as the runtime's fact, never as a guess. */
function ModelChip() {
  const { facts, t } = useStatus();
  if (facts.model === undefined && facts.candidateCount === undefined) return null;
  const source = facts.decisionSource ?? t('fact.unknown').toLowerCase();
  return (
    <span className="aui-runtime-status__model" data-candidates={facts.candidateCount}>
      {facts.model !== undefined ? t('status.model', { model: revealBidi(facts.model) }) : <FactBadge fact="unknown" />}
      {facts.candidateCount === 1 && <span className="aui-runtime-status__why"> · {t('status.singleCandidate', { source })}</span>}
      {facts.candidateCount !== undefined && facts.candidateCount > 1 && (
        <span className="aui-runtime-status__why"> · {t('status.candidates', { count: facts.candidateCount, source })}</span>
      )}
    </span>
  );
}

/** Typed failure (category, retryability, hint) or what blocks the turn. */
function Problem() {
  const { facts, t } = useStatus();
  if (facts.stage === 'blocked') {
    return (
      <span className="aui-runtime-status__problem">
        <FactBadge fact="blocked" reason={facts.blockedReason} /> {facts.blockedReason && t('status.blockedBy', { reason: facts.blockedReason })}
      </span>
    );
  }
  const failure = facts.failure;
  if (!failure) return null;
  return (
    <span className="aui-runtime-status__problem" data-failure-category={failure.category}>
      {failure.category !== undefined ? t('tool.category', { category: failure.category }) : <FactBadge fact="unknown" />}
      {failure.retryable !== undefined && <span> · {t(failure.retryable ? 'status.retryable' : 'status.notRetryable')}</span>}
      {failure.recoveryHint && <span> · {t('tool.hint', { hint: failure.recoveryHint })}</span>}
    </span>
  );
}

const CONNECTION_SHOWN = new Set(['reconnecting', 'repairing', 'error']);

/**
 * The live stream's connection (published by `useRuntimeStream`) while it is not healthy:
 * reconnecting or repairing on its own, or given up with the reason and a Reconnect control.
 */
function Connection() {
  const { t } = useStatus();
  const connection = useConnectionState();
  if (connection.status === 'error') {
    return (
      <span className="aui-runtime-status__connection" role="alert" data-connection="error">
        {connection.error !== undefined ? t('connection.error', { error: connection.error }) : t('connection.lost')}{' '}
        <button type="button" className="aui-button" onClick={() => connection.retry()}>
          {t('connection.retry')}
        </button>
      </span>
    );
  }
  if (connection.status !== 'reconnecting' && connection.status !== 'repairing') return null;
  return (
    <span className="aui-runtime-status__connection" role="status" data-connection={connection.status}>
      {connection.status === 'repairing'
        ? t('connection.repairing')
        : connection.error !== undefined
          ? t('connection.reconnectingBecause', { error: connection.error })
          : t('connection.reconnecting')}
    </span>
  );
}

/** Props of `RuntimeStatus`. */
export interface RuntimeStatusProps extends RuntimeStatusRootProps {}

/** The default composition: `<RuntimeStatus />`; or build your own from `RuntimeStatus.Root` and its parts. */
export const RuntimeStatus = Object.assign(
  forwardRef<HTMLDivElement, RuntimeStatusProps>(function RuntimeStatus(props, ref) {
    return <Root ref={ref} {...props} />;
  }),
  { Root, Stage, Elapsed, ModelChip, Problem, Connection },
);
