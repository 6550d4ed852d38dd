import { forwardRef, useState, type ComponentPropsWithoutRef } from 'react';
import { SafeText } from './safeText';
import { DisclosureContent, DisclosureRoot, DisclosureTrigger } from './Disclosure';
import { shallowEqual, useRuntimeSelector } from '../hooks/useRuntimeSelector';
import { selectHistoryPending } from '../store/selectors/historyPending';
import { selectTaskCapsule, type TaskCapsuleFacts } from '../store/selectors/taskCapsule';
import { FactBadge } from './FactBadge';
import { IconChevron, IconTask } from './icons';
import { classes } from './format';
import type { Labels } from '../ui/labels';
import { useLabels } from './useLabels';
import { plural, valueLabel } from './valueLabel';

const capsuleEqual = (a: TaskCapsuleFacts, b: TaskCapsuleFacts) =>
  shallowEqual({ ...a, earlierAttempts: undefined }, { ...b, earlierAttempts: undefined }) && shallowEqual(a.earlierAttempts, b.earlierAttempts);

/** Props of `TaskCapsule`; any other prop goes to its root element where it has one. */
export interface TaskCapsuleProps extends ComponentPropsWithoutRef<'div'> {
  /**
   * `compact`: one line. `expanded`: attempts and queue listed, without a toggle (a lane whose
   * content is the details). Default: one line with a toggle for the details.
   */
  variant?: 'compact' | 'expanded';
  /** Whether the details are shown (controlled); pair with `onOpenChange`. */
  open?: boolean;
  /** Whether the details are shown at first (uncontrolled). Default: `variant === 'expanded'`. */
  defaultOpen?: boolean;
  /** Called when the user shows or hides the details. */
  onOpenChange?: (open: boolean) => void;
  /** Overrides for this component's strings by key; the provider's `labels` and the English defaults apply otherwise. */
  labels?: Labels;
}

/**
 * The task at a glance: objective, status, attempts, queue. Rendered only when the session has a
 * task (a task-less chat has nothing to summarize here). Pending requests are counted, not quoted:
 * their prompt is shown once, where it is answered.
 */
export const TaskCapsule = forwardRef<HTMLDivElement, TaskCapsuleProps>(function TaskCapsule(
  { variant, open: openProp, defaultOpen, onOpenChange, labels, className, ...rest },
  ref,
) {
  const facts = useRuntimeSelector(selectTaskCapsule, capsuleEqual);
  // While a backlog's history is still applied (newest turns first), a session-wide count is a floor: "2+".
  const floor = useRuntimeSelector(selectHistoryPending);
  const atLeast = (count: number): string | number => (floor ? `${count}+` : count);
  const t = useLabels(labels);
  const [ownOpen, setOwnOpen] = useState(defaultOpen ?? variant === 'expanded');
  const open = openProp ?? ownOpen;
  const setOpen = (next: boolean) => {
    if (openProp === undefined) setOwnOpen(next);
    onOpenChange?.(next);
  };
  if (facts.taskId === undefined) {
    // The lane variant says so; the compact capsule above a chat is simply absent.
    return variant === 'expanded' ? <p ref={ref} className={classes('aui-muted aui-task-capsule--none', className)} {...rest}>{t('task.none')}</p> : null;
  }
  return (
    <DisclosureRoot open={open} onOpenChange={setOpen} asChild>
      <div
        ref={ref}
        className={classes('aui-task-capsule', className)}
        role="group"
        aria-label={t('task.region')}
        data-status={facts.status ?? 'unknown'}
        data-attention={facts.pendingCount > 0 ? 'needs-input' : undefined}
        data-state={open ? 'open' : 'closed'}
        {...rest}
      >
        <div className="aui-task-capsule__summary">
          <IconTask className="aui-task-capsule__icon" />
          <span className="aui-task-capsule__objective">
            {facts.objective !== undefined ? <SafeText>{facts.objective}</SafeText> : <FactBadge fact="unknown" text={t('fact.what.objective')} />}
          </span>
          {facts.status !== undefined ? (
            <span className="aui-task-capsule__status" data-status={facts.status}>{valueLabel(t, 'state', facts.status)}</span>
          ) : (
            <FactBadge fact="unknown" text={t('fact.what.status')} />
          )}
          {facts.currentAttempt && facts.earlierAttempts.length > 0 && (
            <span className="aui-task-capsule__attempt">{t('task.attempt', { n: facts.earlierAttempts.length + 1, status: valueLabel(t, 'state', facts.currentAttempt.status) })}</span>
          )}
          {facts.pendingCount > 0 && <span className="aui-task-capsule__pending">{plural(t, 'task.pendingActions', facts.pendingCount, { count: atLeast(facts.pendingCount) })}</span>}
          {facts.queued.length > 0 && <span className="aui-task-capsule__queued">{t('task.queued', { count: facts.queued.length })}</span>}
          {facts.subagentCount > 0 && <span className="aui-task-capsule__team">{plural(t, 'task.subagents', facts.subagentCount, { count: atLeast(facts.subagentCount) })}</span>}
          {variant === undefined && (
            <DisclosureTrigger className="aui-button aui-button--icon" aria-label={t(open ? 'task.collapse' : 'task.expand')}>
              <IconChevron className="aui-chevron" />
            </DisclosureTrigger>
          )}
        </div>
        <DisclosureContent className="aui-task-capsule__details">
          {facts.earlierAttempts.length > 0 && (
            <div>
              <h3 className="aui-heading">{t('task.earlierAttempts')}</h3>
              {/* Each item names its attempt: a numbered list would number it twice. */}
              <ul className="aui-task-capsule__attempts">
                {facts.earlierAttempts.map((a, i) => (
                  <li key={a.runId} data-status={a.status}>
                    {t('task.attempt', { n: i + 1, status: valueLabel(t, 'state', a.status) })}
                    {a.failure?.category && <span> · {valueLabel(t, 'category', a.failure.category)}</span>}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {facts.queued.length > 0 && (
            <div>
              <h3 className="aui-heading">{t('task.queuedTurns')}</h3>
              <ol>{facts.queued.map((q, i) => <li key={q.queueId ?? q.turnId ?? i}><SafeText>{q.preview ?? q.turnId ?? q.queueId ?? ''}</SafeText></li>)}</ol>
            </div>
          )}
        </DisclosureContent>
      </div>
    </DisclosureRoot>
  );
});
