import { forwardRef, memo, useEffect, useId, useRef, type ComponentPropsWithoutRef, type FormEvent } from 'react';
import { useRuntimeActions } from '../hooks/useRuntimeContext';
import { useRuntimeSelector } from '../hooks/useRuntimeSelector';
import type { ActionRecord } from '../store/records';
import { bySeverity } from '../store/selectors/turnStatus';
import { FactBadge } from './FactBadge';
import { useRedact } from './displayPolicy';
import { classes, formatClock, summarizeInput } from './format';
import type { Labels } from './labels';
import { StructuredInput, schemaFields } from './StructuredInput';
import { useDeadline } from './useDeadline';
import { useLabels } from './useLabels';
import { useSchemaValues } from './useSchemaValues';

export type ActionKind = 'approval' | 'input' | 'plan';

export function actionKind(action: ActionRecord): ActionKind {
  if (schemaFields(action.schema).length > 0) return 'input';
  if (action.actionType?.includes('plan') || action.decisionKind?.includes('plan')) return 'plan';
  return 'approval';
}

/** The decisions an action's buttons send: allow/deny for permissions, approve/reject otherwise. */
function decisionsFor(action: ActionRecord): { approve: string; reject: string } {
  return action.decisionKind === 'allow_or_deny' ? { approve: 'allow', reject: 'deny' } : { approve: 'approve', reject: 'reject' };
}

const HIGH = new Set(['high', 'critical']);

/** Props of `ActionRequired`; any other prop goes to its root element where it has one. */
export interface ActionRequiredProps extends Omit<ComponentPropsWithoutRef<'article'>, 'children'> {
  /** The action to render (its `actionId` in the events). */
  actionId: string;
  /** Overrides for this component's strings by key; the provider's `labels` and the English defaults apply otherwise. */
  labels?: Labels;
  /** Clock for the deadline hint (stories and tests pin it). It never expires a request: only the runtime does. */
  now?: () => number;
  /** Move focus to this card when it appears with high or critical severity. Default true. */
  autoFocusHighSeverity?: boolean;
}

/**
 * An approval, structured input or plan decision. Buttons send through `respondAction`; the card
 * shows `responding` until the runtime's resolution arrives, and only that resolves it.
 */
export const ActionRequired = memo(
  forwardRef<HTMLElement, ActionRequiredProps>(function ActionRequired({ actionId, labels, now = Date.now, autoFocusHighSeverity = true, className, ...rest }, ref) {
    const action = useRuntimeSelector((s) => s.actions.byId.get(actionId));
    const overlay = useRuntimeSelector((s) => s.responding.get(actionId));
    const actions = useRuntimeActions();
    const t = useLabels(labels);
    const redact = useRedact();
    const [values, setValue] = useSchemaValues(action?.schema);
    const headingRef = useRef<HTMLHeadingElement | null>(null);
    const headingId = useId();
    const pending = action?.status === 'pending';
    const responding = pending && overlay !== undefined && overlay.error === undefined;
    const deadline = useDeadline(action?.expiresAt, pending, now);
    const severity = action?.severity;

    useEffect(() => {
      // Focus goes to the request itself, not to a button: Enter must never approve by accident.
      if (autoFocusHighSeverity && pending && severity && HIGH.has(severity)) headingRef.current?.focus();
      // Only when the request appears: later renders must not steal focus.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, []);

    if (!action) {
      return (
        <article ref={ref} className={classes('aui-action', className)} data-action-status="unknown" {...rest}>
          <FactBadge fact="unknown" reason={actionId} />
        </article>
      );
    }
    const kind = actionKind(action);
    const decisions = decisionsFor(action);
    const send = (decision: string, payload?: Record<string, unknown>) => void actions.respondAction(action.actionId, decision, payload);
    const submit = (event: FormEvent) => {
      event.preventDefault();
      if (!responding) send('answer', { values });
    };
    return (
      <article
        ref={ref}
        className={classes('aui-action', className)}
        aria-labelledby={headingId}
        data-action-status={responding ? 'responding' : action.status}
        data-action-kind={kind}
        data-severity={severity}
        data-action-decision={action.decision}
        {...rest}
      >
        <div className="aui-action__header">
          <h3 id={headingId} className="aui-heading" tabIndex={-1} ref={headingRef}>
            {t(`action.${kind}`)}
          </h3>
          {severity && <span className="aui-action__severity" data-severity={severity}>{t('action.severity', { severity })}</span>}
          {deadline && pending && (
            <span className="aui-action__expiry" data-deadline={deadline.passed ? 'passed' : 'ahead'}>
              {t(deadline.passed ? 'action.deadlinePassed' : 'action.expiresAt', { time: formatClock(deadline.at) })}
            </span>
          )}
        </div>
        <p className="aui-action__prompt">{action.prompt ?? <FactBadge fact="unknown" />}</p>
        {action.scope !== undefined && (
          <p className="aui-action__scope">
            <span className="aui-label">{t('action.scope')}</span> <code>{summarizeInput(redact(action.scope))}</code>
          </p>
        )}
        {pending && kind === 'input' && (
          <form onSubmit={submit} className="aui-action__form">
            <StructuredInput schema={action.schema} values={values} disabled={responding} requiredLabel={t('action.required')} onChange={setValue} />
            <button type="submit" className="aui-button aui-button--primary" disabled={responding}>
              {t('action.submit')}
            </button>
          </form>
        )}
        {pending && kind !== 'input' && (
          <div className="aui-action__buttons">
            <button
              type="button"
              className="aui-button aui-button--primary"
              disabled={responding}
              onClick={() => send(decisions.approve)}
            >
              {t('action.approve')}
            </button>
            <button type="button" className="aui-button" disabled={responding} onClick={() => send(decisions.reject)}>
              {t('action.reject')}
            </button>
          </div>
        )}
        {responding && (
          <p className="aui-action__responding" role="status">
            <FactBadge fact="loading" /> {t('action.responding')}
          </p>
        )}
        {pending && overlay?.error !== undefined && (
          <p className="aui-action__error" role="alert">
            {t('action.failed', { error: overlay.error })}{' '}
            {/* Exactly the answer that failed; with none recorded, the choice above is offered again. */}
            {overlay.decision !== undefined ? (
              <button type="button" className="aui-button" onClick={() => send(overlay.decision!, overlay.payload)}>
                {t('action.retry')}
              </button>
            ) : (
              t('action.chooseAgain')
            )}
          </p>
        )}
        {action.status === 'resolved' && <p className="aui-action__resolution">{t('action.resolved', { decision: action.decision ?? t('fact.unknown') })}</p>}
        {action.status === 'cancelled' && <p className="aui-action__resolution">{t('action.cancelled')}</p>}
        {action.status === 'expired' && <p className="aui-action__resolution">{t('action.expired')}</p>}
      </article>
    );
  }),
);

/** Props of `ActionList`; any other prop goes to its root element where it has one. */
export interface ActionListProps extends ComponentPropsWithoutRef<'div'> {
  /** Overrides for this component's strings by key; the provider's `labels` and the English defaults apply otherwise. */
  labels?: Labels;
  /** The clock for elapsed times and deadlines (default `Date.now`); tests and stories pass a fixed one. */
  now?: () => number;
  /** Only requests not already shown inline in the conversation (e.g. hydrated from a snapshot). */
  detachedOnly?: boolean;
}

/** Every pending request, most severe first. */
export const ActionList = forwardRef<HTMLDivElement, ActionListProps>(function ActionList({ labels, now, detachedOnly, className, ...rest }, ref) {
  const table = useRuntimeSelector((s) => s.actions);
  const t = useLabels(labels);
  const pending = table.ids
    .map((id) => table.byId.get(id)!)
    .filter((a) => a.status === 'pending' && !(detachedOnly && a.messageId !== undefined))
    .sort(bySeverity);
  if (pending.length === 0) return null;
  return (
    <div ref={ref} className={classes('aui-action-list', className)} role="group" aria-label={t('action.region')} {...rest}>
      {pending.map((a) => (
        <ActionRequired key={a.actionId} actionId={a.actionId} labels={labels} now={now} />
      ))}
    </div>
  );
});
