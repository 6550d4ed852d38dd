import { forwardRef, memo, useEffect, useId, useRef, useState, type ComponentPropsWithoutRef, type FormEvent } from 'react';
import { dataWord } from './dataWord';
import { useRuntimeActions, useRuntimeStore } from '../hooks/useRuntimeContext';
import { useRuntimeSelector } from '../hooks/useRuntimeSelector';
import { selectHistoryPending } from '../store/selectors/historyPending';
import type { ActionRecord } from '../store/records';
import { actionKind, actionOutcome } from '../store/selectors/actionKind';
import { isAttachedToTool } from '../store/selectors/toolFacts';
import { bySeverity } from '../store/selectors/severity';
import { FactBadge } from './FactBadge';
import { IconAlert, IconCancelled, IconCheck, IconFailed, IconSpinner, IconWaiting, IconWarning } from './icons';
import { useDisplayText, useRedact } from './displayPolicy';
import { isEditing } from './isEditing';
import { VirtualList } from './VirtualList';
import { classes } from './format';
import { formatClock } from './formatTime';
import { summarizeInput } from './summarizeInput';
import type { Labels } from '../ui/labels';
import { StructuredInput } from './StructuredInput';
import { useDeadline } from './useDeadline';
import { useLabels, type Translate } from './useLabels';
import { useSchemaValues } from './useSchemaValues';
import { valueLabel } from './valueLabel';

/** The decisions an action's buttons send: allow/deny for permissions, approve/reject otherwise. */
function decisionsFor(action: ActionRecord): { approve: string; reject: string } {
  return action.decisionKind === 'allow_or_deny' ? { approve: 'allow', reject: 'deny' } : { approve: 'approve', reject: 'reject' };
}

const HIGH = new Set(['high', 'critical']);

// The requests each store has shown: a request takes focus when it first appears, not each time a
// virtualized list mounts its card again.
const shown = new WeakMap<object, Set<string>>();
function firstSight(store: object, actionId: string): boolean {
  let seen = shown.get(store);
  if (!seen) shown.set(store, (seen = new Set()));
  if (seen.has(actionId)) return false;
  seen.add(actionId);
  return true;
}

/**
 * A finished request in one line, from its facts: "Approved by you · 10:02". Who answered and when
 * appear only when the runtime said so; a decision the kit does not know is quoted as recorded.
 */
function Resolution({ action, t }: { action: ActionRecord; t: Translate }) {
  const show = useDisplayText();
  let what: string;
  if (action.status === 'cancelled') what = t('action.cancelled');
  else if (action.status === 'expired') what = t('action.expired');
  else what = t(`action.outcome.${actionOutcome(action.decision) ?? 'other'}`);
  const parts = [what];
  if (action.respondedBy !== undefined) parts[0] += ` ${t('action.by', { who: valueLabel(t, 'responder', action.respondedBy) })}`;
  const at = action.resolvedAt === undefined ? Number.NaN : Date.parse(action.resolvedAt);
  if (Number.isFinite(at)) parts.push(formatClock(at, t));
  const outcome = action.status === 'resolved' ? actionOutcome(action.decision) : undefined;
  return (
    <p className="aui-action__resolution" data-outcome={outcome ?? action.status}>
      {outcome === 'approved' || outcome === 'answered' ? <IconCheck /> : outcome === 'denied' ? <IconFailed /> : <IconCancelled />}
      {parts.join(' · ')}
      {outcome === 'other' && <span className="aui-visually-hidden"> {t('action.decisionWas', { decision: action.decision! })}</span>}
      {action.note !== undefined && <span className="aui-action__note">{` · ${t('action.noteWas', { note: show(action.note) })}`}</span>}
    </p>
  );
}

/** Props of `ActionRequired`; any other prop goes to its root element where it has one. */
export interface ActionRequiredProps extends Omit<ComponentPropsWithoutRef<'article'>, 'children'> {
  /** The action to render (its `actionId` in the events). */
  actionId: string;
  /** Overrides for this component's strings by key; the provider's `labels` and the English defaults apply otherwise. */
  labels?: Labels;
  /** Clock for the deadline hint (stories and tests pin it). It never expires a request: only the runtime does. */
  now?: () => number;
  /**
   * Move focus to this card when it appears with high or critical severity, unless the user is typing
   * in a field (then the live announcer says it instead). Default true.
   */
  autoFocusHighSeverity?: boolean;
  /** Shown on the tool row it gates: the row names the tool, so a finished request is its outcome alone. */
  attached?: boolean;
}

/**
 * An approval, structured input or plan decision. Buttons send through `respondAction`; the card
 * shows `responding` until the runtime's resolution arrives, and only that resolves it. A finished
 * request collapses to one line. A critical approval asks for a confirmation before it is sent.
 */
export const ActionRequired = memo(
  forwardRef<HTMLElement, ActionRequiredProps>(function ActionRequired({ actionId, labels, now = Date.now, autoFocusHighSeverity = true, attached, className, ...rest }, ref) {
    const action = useRuntimeSelector((s) => s.actions.byId.get(actionId));
    const overlay = useRuntimeSelector((s) => s.responding.get(actionId));
    // Newest turns shown first (openBacklog): the store has not applied this request yet, so an
    // answer sent now would be refused; the buttons wait, and say why, until the history is in.
    const historyPending = useRuntimeSelector(selectHistoryPending);
    const actions = useRuntimeActions();
    const t = useLabels(labels);
    const redact = useRedact();
    const show = useDisplayText();
    const [values, setValue] = useSchemaValues(action?.schema);
    const [step, setStep] = useState<'choose' | 'confirm' | 'note'>('choose');
    const [note, setNote] = useState('');
    const headingRef = useRef<HTMLHeadingElement | null>(null);
    const headingId = useId();
    const noteId = useId();
    const waitingId = useId();
    const pending = action?.status === 'pending';
    const responding = pending && overlay !== undefined && overlay.error === undefined;
    const locked = responding || historyPending;
    const describedBy = historyPending ? waitingId : undefined;
    const deadline = useDeadline(action?.expiresAt, pending, now);
    const severity = action?.severity;

    const store = useRuntimeStore();
    useEffect(() => {
      // Once per request: a card mounted again (scrolled back into a virtualized list) never takes focus.
      if (!firstSight(store, actionId)) return;
      // Focus goes to the request itself, not to a button: Enter must never approve by accident.
      // Never away from a field the user is typing in (their next keys would land elsewhere): the
      // live announcer says the request arrived instead.
      if (autoFocusHighSeverity && pending && severity && HIGH.has(severity) && !isEditing(document.activeElement)) headingRef.current?.focus();
      // Only when the request appears: later renders must not steal focus.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, []);

    if (!action) {
      return (
        <article ref={ref} className={classes('aui-action', className)} data-action-status="unknown" {...rest}>
          <FactBadge fact="unknown" text={t('fact.what.request')} reason={actionId} />
        </article>
      );
    }
    const kind = actionKind(action);
    if (!pending) {
      return (
        <article
          ref={ref}
          className={classes('aui-action', className)}
          aria-label={t(`action.${kind}`)}
          data-action-status={dataWord(action.status)}
          data-action-kind={kind}
          data-severity={dataWord(severity)}
          data-action-decision={dataWord(action.decision)}
          data-compact=""
          {...rest}
        >
          <Resolution action={action} t={t} />
          {!attached && action.prompt !== undefined && <span className="aui-action__prompt aui-action__prompt--past">{show(action.prompt)}</span>}
        </article>
      );
    }
    const decisions = decisionsFor(action);
    const critical = severity === 'critical';
    const send = (decision: string, payload?: Record<string, unknown>) => void actions.respondAction(action.actionId, decision, payload);
    const submit = (event: FormEvent) => {
      event.preventDefault();
      if (!locked) send('answer', { values });
    };
    const sendDenial = (event: FormEvent) => {
      event.preventDefault();
      if (locked) return;
      const text = note.trim();
      send(decisions.reject, text ? { note: text } : undefined);
    };
    return (
      <article
        ref={ref}
        className={classes('aui-action', className)}
        aria-labelledby={headingId}
        data-action-status={responding ? 'responding' : action.status}
        data-action-kind={kind}
        data-severity={dataWord(severity)}
        data-attached={attached || undefined}
        {...rest}
      >
        <div className="aui-action__header">
          <h3 id={headingId} className="aui-heading" tabIndex={-1} ref={headingRef}>
            <IconWaiting />{t(`action.${kind}`)}
          </h3>
          {severity && (
            <span className="aui-action__severity" data-severity={dataWord(severity)}>
              {critical || severity === 'high' ? <IconWarning /> : <IconAlert />}
              <span className="aui-visually-hidden">{t('action.severityLabel')}: </span>
              {valueLabel(t, 'severity', severity)}
            </span>
          )}
          {deadline && (
            <span className="aui-action__expiry" data-deadline={deadline.passed ? 'passed' : 'ahead'}>
              {t(deadline.passed ? 'action.deadlinePassed' : 'action.expiresAt', { time: formatClock(deadline.at, t) })}
            </span>
          )}
        </div>
        <p className="aui-action__prompt">{action.prompt !== undefined ? show(action.prompt) : <FactBadge fact="unknown" text={t('fact.what.question')} />}</p>
        {action.scope !== undefined && (
          <p className="aui-action__scope">
            <span className="aui-label">{t('action.scope')}</span> <code>{summarizeInput(redact(action.scope))}</code>
          </p>
        )}
        {kind === 'input' && (
          <form onSubmit={submit} className="aui-action__form">
            <StructuredInput schema={action.schema} values={values} disabled={locked} requiredLabel={t('action.required')} onChange={setValue} />
            <div className="aui-action__buttons">
              <button type="submit" className="aui-button aui-button--primary" disabled={locked} aria-describedby={describedBy}>
                {t('action.submit')}
              </button>
              {/* Declining to answer is a decision too, with the same verb as an approval's. */}
              <button type="button" className="aui-button" disabled={locked} aria-describedby={describedBy} onClick={() => send(decisions.reject)}>
                {t('action.deny')}
              </button>
            </div>
          </form>
        )}
        {kind !== 'input' && step === 'choose' && (
          <div className="aui-action__buttons">
            <button
              type="button"
              // A critical approval is never the primary, one-click choice.
              className={critical ? 'aui-button aui-button--danger-outline' : 'aui-button aui-button--primary'}
              disabled={locked}
              aria-describedby={describedBy}
              onClick={() => (critical ? setStep('confirm') : send(decisions.approve))}
            >
              {t('action.approve')}
            </button>
            <button type="button" className="aui-button" disabled={locked} aria-describedby={describedBy} onClick={() => send(decisions.reject)}>
              {t('action.deny')}
            </button>
            <button type="button" className="aui-button aui-button--quiet" disabled={locked} aria-describedby={describedBy} onClick={() => setStep('note')}>
              {t('action.denyWithNote')}
            </button>
          </div>
        )}
        {kind !== 'input' && step === 'confirm' && (
          <div className="aui-action__confirm" role="group" aria-label={t('action.confirmCritical')}>
            <p>{t('action.confirmCritical')}</p>
            <div className="aui-action__buttons">
              <button type="button" className="aui-button aui-button--danger" disabled={locked} aria-describedby={describedBy} onClick={() => send(decisions.approve)}>
                {t('action.confirmApprove')}
              </button>
              <button type="button" className="aui-button" disabled={locked} aria-describedby={describedBy} onClick={() => setStep('choose')}>
                {t('action.cancel')}
              </button>
            </div>
          </div>
        )}
        {kind !== 'input' && step === 'note' && (
          <form className="aui-action__form" onSubmit={sendDenial}>
            <label htmlFor={noteId}>{t('action.note')}</label>
            <textarea id={noteId} rows={2} value={note} disabled={locked} aria-describedby={describedBy} onChange={(e) => setNote(e.target.value)} />
            <div className="aui-action__buttons">
              <button type="submit" className="aui-button aui-button--primary" disabled={locked} aria-describedby={describedBy}>
                {t('action.sendDenial')}
              </button>
              <button type="button" className="aui-button" disabled={locked} aria-describedby={describedBy} onClick={() => setStep('choose')}>
                {t('action.cancel')}
              </button>
            </div>
          </form>
        )}
        {historyPending && (
          <p id={waitingId} className="aui-action__waiting">
            {t('action.afterHistory')}
          </p>
        )}
        {responding && (
          // One signal for one state: the words, no second "Loading" badge beside them.
          <p className="aui-action__responding" role="status">
            <IconSpinner spin />{t('action.responding')}
          </p>
        )}
        {overlay?.error !== undefined && (
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
      </article>
    );
  }),
);

/** Props of `ActionPart`. */
export interface ActionPartProps extends ActionRequiredProps {}

/**
 * A request as a conversation part: rendered here unless it gates a tool call the conversation
 * shows, in which case that tool row carries it (one fact, one place).
 */
export const ActionPart = memo(function ActionPart(props: ActionPartProps) {
  const onTool = useRuntimeSelector((s) => {
    const action = s.actions.byId.get(props.actionId);
    return action !== undefined && isAttachedToTool(s, action);
  });
  return onTool ? null : <ActionRequired {...props} />;
});

/** Props of `ActionList`; any other prop goes to its root element where it has one. */
export interface ActionListProps extends ComponentPropsWithoutRef<'div'> {
  /** Overrides for this component's strings by key; the provider's `labels` and the English defaults apply otherwise. */
  labels?: Labels;
  /** The clock for elapsed times and deadlines (default `Date.now`); tests and stories pass a fixed one. */
  now?: () => number;
  /** Only requests not already shown inline in the conversation (e.g. hydrated from a snapshot). */
  detachedOnly?: boolean;
  /** Mount only the requests in view (default `true`); `false` renders every one (server rendering). */
  virtualize?: boolean;
}

/** Every pending request, most severe first. */
export const ActionList = forwardRef<HTMLDivElement, ActionListProps>(function ActionList({ labels, now, detachedOnly, virtualize, className, ...rest }, ref) {
  const table = useRuntimeSelector((s) => s.actions);
  const toolCalls = useRuntimeSelector((s) => s.toolCalls);
  const t = useLabels(labels);
  const pending = table.ids
    .map((id) => table.byId.get(id)!)
    .filter((a) => a.status === 'pending' && !(detachedOnly && (a.messageId !== undefined || isAttachedToTool({ toolCalls }, a))))
    .sort(bySeverity);
  if (pending.length === 0) return null;
  return (
    <div ref={ref} className={classes('aui-action-list', className)} role="group" aria-label={t('action.region')} {...rest}>
      {/* A runtime can leave thousands pending: only the requests in view mount. */}
      <VirtualList as="div" keys={pending.map((a) => a.actionId)} estimateSize={140} virtualize={virtualize} renderRow={(id, rowProps) => <ActionRequired {...rowProps} actionId={id} labels={labels} now={now} />} />
    </div>
  );
});
