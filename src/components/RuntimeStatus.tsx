import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { Slot } from './Slot';
import { useRuntimeSelector, shallowEqual } from '../hooks/useRuntimeSelector';
import { selectRuntimeStatus } from '../store/selectors/runtimeStatus';
import { selectUsage } from '../store/selectors/usage';
import { useShallow } from 'zustand/react/shallow';
import { useConnectionState } from '../hooks/useConnectionState';
import { pickHealth } from '../hooks/connectionStore';
import { FactBadge } from './FactBadge';
import { selectThinking } from './PendingReply';
import { IconBlocked, IconCancelled, IconDone, IconFailed, IconPending, IconRetry, IconSpinner, IconStale, IconUnknown, IconWaiting, IconWarning, type KitIcon } from './icons';
import type { DisplayStage } from '../store/selectors/runtimeStatus';
import { classes, formatDuration, formatNumber, formatUsd } from './format';
import { revealBidi, SafeText } from './safeText';
import { LazyStatusProblem } from './lazyStatusProblem';
import { StatusContext, useStatus } from './runtimeStatusContext';
import type { Labels } from '../ui/labels';
import type { ShellLabelKey } from '../ui/shellLabels';
import { useShellLabels } from './useShellLabels';
import type { Translate } from './useTranslate';
import { plural, valueLabel } from './valueLabel';

/** What a stage means at a glance: its tone (the colour every surface gives that meaning) and icon. */
const STAGE_LOOK: Record<DisplayStage, { tone: string; icon: KitIcon; working?: boolean }> = {
  idle: { tone: 'idle', icon: IconPending },
  submitted: { tone: 'running', icon: IconSpinner, working: true },
  routing: { tone: 'running', icon: IconSpinner, working: true },
  preparing: { tone: 'running', icon: IconSpinner, working: true },
  planning: { tone: 'running', icon: IconSpinner, working: true },
  acting: { tone: 'running', icon: IconSpinner, working: true },
  streaming: { tone: 'running', icon: IconSpinner, working: true },
  running: { tone: 'running', icon: IconSpinner, working: true },
  retrying: { tone: 'waiting', icon: IconRetry },
  waiting: { tone: 'waiting', icon: IconWaiting },
  blocked: { tone: 'blocked', icon: IconBlocked },
  failed: { tone: 'failed', icon: IconFailed },
  cancelled: { tone: 'idle', icon: IconCancelled },
  completed: { tone: 'done', icon: IconDone },
  unknown: { tone: 'idle', icon: IconUnknown },
};

/** Props of `RuntimeStatusRoot`; any other prop goes to its root element where it has one. */
export interface RuntimeStatusRootProps extends ComponentPropsWithoutRef<'div'> {
  /** Overrides for this component's strings by key; the provider's `labels` and the English defaults apply otherwise. */
  labels?: Labels;
  /** Render the part's behaviour onto its single child element instead of a wrapper (the kit's `Slot`). */
  asChild?: boolean;
}

/** Status, stage and model: shown before the first text, outside the conversation. */
const Root = forwardRef<HTMLDivElement, RuntimeStatusRootProps>(function RuntimeStatusRoot({ labels, asChild, className, children, ...rest }, ref) {
  const facts = useRuntimeSelector(selectRuntimeStatus, shallowEqual);
  const t = useShellLabels(labels);
  const connection = useConnectionState((c) => c.status);
  const Comp = asChild ? Slot : 'div';
  // A stream that broke or gave up does not look busy: no spinner while the view is stale.
  const live = !facts.stale && connection !== 'error';
  return (
    <StatusContext.Provider value={{ facts, t, live, labels }}>
      <Comp
        ref={ref}
        className={classes('aui-runtime-status', className)}
        role="group"
        aria-label={t('status.region')}
        data-status={facts.stage}
        data-tone={STAGE_LOOK[facts.stage].tone}
        data-stale={facts.stale || undefined}
        data-connection={CONNECTION_SHOWN.has(connection) ? connection : undefined}
        {...rest}
      >
        {children ?? (
          <>
            <Stage />
            <Elapsed />
            <ModelChip />
            <Usage />
            <Connection />
          </>
        )}
      </Comp>
    </StatusContext.Provider>
  );
});

/** The stage word (a live region: screen readers hear stage changes). */
function Stage() {
  const { facts, t, live } = useStatus();
  const thinking = useRuntimeSelector(selectThinking);
  const look = STAGE_LOOK[facts.stage];
  const Icon = look.working && !live ? IconStale : look.icon;
  return (
    <span className="aui-runtime-status__stage" role="status" aria-live="polite">
      <Icon className="aui-runtime-status__icon" spin={look.working && live} />
      {/* While the model reasons, the header says so rather than the stage the runtime last named. */}
      {facts.loading ? t('conversation.earlier') : look.working && thinking ? t('status.thinking') : t(`status.${facts.stage}` as ShellLabelKey)}
      {facts.detail && <span className="aui-runtime-status__detail"> · <SafeText>{facts.detail}</SafeText></span>}
      {facts.stale && <FactBadge fact="stale" />}
    </span>
  );
}

/** How long the latest turn has run, or took once it ended (not the session's age). */
function Elapsed() {
  const { facts, t } = useStatus();
  if (facts.elapsedMs === undefined) return null;
  const ended = facts.stage === 'completed' || facts.stage === 'failed' || facts.stage === 'cancelled';
  // The words around the time give way in a narrow header; the time stays.
  const [before = '', after = ''] = t(ended ? 'status.took' : 'status.elapsed', { time: '\u0000' }).split('\u0000');
  return (
    <span className="aui-runtime-status__elapsed">
      {before && <span className="aui-runtime-status__words">{before}</span>}
      {formatDuration(facts.elapsedMs, t)}
      {after && <span className="aui-runtime-status__words">{after}</span>}
    </span>
  );
}

/** The model chip explains a single candidate as the runtime's fact, never as a guess. */
function ModelChip() {
  const { facts, t } = useStatus();
  if (facts.model === undefined && facts.candidateCount === undefined) return null;
  const source = facts.decisionSource !== undefined ? valueLabel(t, 'source', facts.decisionSource) : t('fact.unknown').toLowerCase();
  return (
    <span className="aui-runtime-status__model" data-candidates={facts.candidateCount}>
      {facts.model !== undefined ? t('status.model', { model: revealBidi(facts.model) }) : <FactBadge fact="unknown" text={t('fact.what.model')} />}
      {facts.candidateCount === 1 && <span className="aui-runtime-status__why"> · {t('status.singleCandidate', { source })}</span>}
      {facts.candidateCount !== undefined && facts.candidateCount > 1 && (
        <span className="aui-runtime-status__why"> · {t('status.candidates', { count: facts.candidateCount, source })}</span>
      )}
    </span>
  );
}

/** Cost and tokens as one chip, with a low-quota warning when that is the latest quota fact. */
function Usage() {
  const { t } = useStatus();
  const usage = useRuntimeSelector(selectUsage, shallowEqual);
  if (!usage) return null;
  const tokens = (usage.inputTokens ?? 0) + (usage.outputTokens ?? 0);
  const locale = t('format.locale');
  const count = (n: number) => formatNumber(n, locale);
  const hasTokens = usage.inputTokens !== undefined || usage.outputTokens !== undefined;
  return (
    <span className="aui-runtime-status__usage" aria-label={t('status.usage')} role="group">
      {usage.costUsd !== undefined && <span>{t(usage.estimated ? 'status.costEstimated' : 'status.cost', { cost: formatUsd(usage.costUsd, locale) })}</span>}
      {hasTokens && (
        <span title={t('status.tokensInOut', { input: count(usage.inputTokens ?? 0), output: count(usage.outputTokens ?? 0) })}>
          {plural(t, 'status.tokens', tokens, { count: count(tokens) })}
        </span>
      )}
      {usage.quotaLow && (
        <span className="aui-runtime-status__quota" data-quota="low">
          <IconWarning />{t('status.quotaLow')}
          {usage.quotaLow.detail && <>: <SafeText>{usage.quotaLow.detail}</SafeText></>}
        </span>
      )}
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
  const connection = useConnectionState(useShallow(pickHealth));
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
  { Root, Stage, Elapsed, ModelChip, Usage, Problem: LazyStatusProblem, Connection },
);
