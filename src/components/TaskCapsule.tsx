import { forwardRef, useState, type ComponentPropsWithoutRef } from 'react';
import { SafeText } from './safeText';
import { Collapsible } from 'radix-ui';
import { shallowEqual, useRuntimeSelector } from '../hooks/useRuntimeSelector';
import type { RuntimeState } from '../store/createRuntimeStore';
import type { ActionRecord, QueuedTurn, TaskAttemptRecord } from '../store/records';
import { bySeverity, selectLatestTurn, selectTurnStatus } from '../store/selectors/turnStatus';
import { tableRows } from '../store/table';
import { FactBadge } from './FactBadge';
import { classes } from './format';
import type { Labels } from './labels';
import { useLabels } from './useLabels';

export interface TaskCapsuleFacts {
  taskId?: string;
  objective?: string;
  status: string;
  currentAttempt?: TaskAttemptRecord;
  earlierAttempts: TaskAttemptRecord[];
  queued: readonly QueuedTurn[];
  pendingActions: ActionRecord[];
  subagentCount: number;
}

/** The current objective: the latest turn's task, else the latest task; attention items first. */
export function selectTaskCapsule(state: RuntimeState): TaskCapsuleFacts {
  const turn = selectLatestTurn(state);
  const taskId = turn?.taskId && state.tasks.byId.has(turn.taskId) ? turn.taskId : state.tasks.ids[state.tasks.ids.length - 1];
  const task = taskId === undefined ? undefined : state.tasks.byId.get(taskId);
  const current = task?.attempts.find((a) => a.runId === task.currentRunId) ?? task?.attempts[task.attempts.length - 1];
  const pendingActions = tableRows(state.actions)
    .filter((a) => a.status === 'pending')
    .sort(bySeverity);
  return {
    taskId,
    objective: task?.objective ?? task?.title,
    status: task?.status ?? (turn ? selectTurnStatus(state, turn) : 'idle'),
    currentAttempt: current,
    earlierAttempts: task ? task.attempts.filter((a) => a !== current) : [],
    queued: state.queue,
    pendingActions,
    subagentCount: state.subagents.ids.length,
  };
}

const capsuleEqual = (a: TaskCapsuleFacts, b: TaskCapsuleFacts) =>
  shallowEqual({ ...a, pendingActions: undefined, earlierAttempts: undefined }, { ...b, pendingActions: undefined, earlierAttempts: undefined }) &&
  shallowEqual(a.pendingActions, b.pendingActions) &&
  shallowEqual(a.earlierAttempts, b.earlierAttempts);

/** Props of `TaskCapsule`; any other prop goes to its root element where it has one. */
export interface TaskCapsuleProps extends ComponentPropsWithoutRef<'div'> {
  /** `compact`: one line. `expanded`: attempts, queue and attention items listed. Default compact, toggleable. */
  variant?: 'compact' | 'expanded';
  /** Overrides for this component's strings by key; the provider's `labels` and the English defaults apply otherwise. */
  labels?: Labels;
}

/** The task at a glance: objective, status, attempts, queue, and pending decisions promoted above running state. */
export const TaskCapsule = forwardRef<HTMLDivElement, TaskCapsuleProps>(function TaskCapsule({ variant, labels, className, ...rest }, ref) {
  const facts = useRuntimeSelector(selectTaskCapsule, capsuleEqual);
  const t = useLabels(labels);
  const [open, setOpen] = useState(variant === 'expanded');
  const attention = facts.pendingActions[0];
  return (
    <Collapsible.Root open={open} onOpenChange={setOpen} asChild>
      <div
        ref={ref}
        className={classes('aui-task-capsule', className)}
        role="group"
        aria-label={t('task.region')}
        data-status={facts.status}
        data-attention={attention ? 'needs-input' : undefined}
        data-state={open ? 'open' : 'closed'}
        {...rest}
      >
        {attention && (
          <p className="aui-task-capsule__attention" data-severity={attention.severity}>
            <FactBadge fact="needs-input" reason={attention.prompt} /> {attention.prompt ?? attention.actionId}
            {facts.pendingActions.length > 1 && <span> · {t('task.pendingActions', { count: facts.pendingActions.length })}</span>}
          </p>
        )}
        <div className="aui-task-capsule__summary">
          <span className="aui-task-capsule__objective">
            {facts.objective !== undefined ? <SafeText>{facts.objective}</SafeText> : <FactBadge fact="unknown" reason={t('task.noObjective')} />}
          </span>
          <span className="aui-task-capsule__status" data-status={facts.status}>{facts.status}</span>
          {facts.currentAttempt && facts.earlierAttempts.length > 0 && (
            <span className="aui-task-capsule__attempt">{t('task.attempt', { n: facts.earlierAttempts.length + 1, status: facts.currentAttempt.status })}</span>
          )}
          {facts.queued.length > 0 && <span className="aui-task-capsule__queued">{t('task.queued', { count: facts.queued.length })}</span>}
          {facts.subagentCount > 0 && <span className="aui-task-capsule__team">{t('task.subagents', { count: facts.subagentCount })}</span>}
          {variant !== 'compact' && (
            <Collapsible.Trigger className="aui-button aui-button--quiet" aria-label={t(open ? 'task.collapse' : 'task.expand')}>
              {open ? '−' : '+'}
            </Collapsible.Trigger>
          )}
        </div>
        <Collapsible.Content className="aui-task-capsule__details">
          {facts.earlierAttempts.length > 0 && (
            <div>
              <h3 className="aui-heading">{t('task.earlierAttempts')}</h3>
              <ol className="aui-task-capsule__attempts">
                {facts.earlierAttempts.map((a, i) => (
                  <li key={a.runId} data-status={a.status}>
                    {t('task.attempt', { n: i + 1, status: a.status })}
                    {a.failure?.category && <span> · {t('tool.category', { category: a.failure.category })}</span>}
                  </li>
                ))}
              </ol>
            </div>
          )}
          {facts.currentAttempt && (
            <p>
              {t('task.currentAttempt')}: {facts.currentAttempt.runId} · {facts.currentAttempt.status}
            </p>
          )}
          {facts.queued.length > 0 && (
            <div>
              <h3 className="aui-heading">{t('task.queuedTurns')}</h3>
              <ol>{facts.queued.map((q, i) => <li key={q.queueId ?? q.turnId ?? i}>{q.preview ?? q.turnId ?? q.queueId}</li>)}</ol>
            </div>
          )}
        </Collapsible.Content>
      </div>
    </Collapsible.Root>
  );
});
