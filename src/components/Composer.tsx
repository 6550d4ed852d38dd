import { forwardRef, useId, useState, type ComponentPropsWithoutRef, type FormEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { useStore } from 'zustand';
import { useRuntimeActions, useRuntimeContext } from '../hooks/useRuntimeContext';
import { useRuntimeSelector } from '../hooks/useRuntimeSelector';
import { selectSessionStatus } from '../store/selectors/turnStatus';
import type { WriteResult } from '../stream/runtimeActions';
import type { TurnMode } from '../stream/types';
import { classes } from './format';
import { IconRetry, IconSend, IconStop } from './icons';
import type { Labels } from '../ui/labels';
import { useShellLabels } from './useShellLabels';
import { plural } from './valueLabel';
import { useIdlePreload } from './lazyPart';
import { writesModule } from './lazyWrites';
import { composerModeModule, LazyComposerMode } from './lazyComposerMode';
import { selectHistoryPending } from '../store/selectors/historyPending';

/** What the composer loads besides itself (its writes, the mode choice of a running turn), preloaded once the page is idle. */
const COMPOSER_PARTS = [writesModule, composerModeModule];

/** Props of `Composer`; any other prop goes to its root element where it has one. */
export interface ComposerProps extends Omit<ComponentPropsWithoutRef<'form'>, 'onSubmit'> {
  /** Overrides for this component's strings by key; the provider's `labels` and the English defaults apply otherwise. */
  labels?: Labels;
  /** The id of the message field, for a skip link or a label elsewhere (default: generated). */
  inputId?: string;
}

const ACTIVE = new Set(['submitted', 'running', 'needs-input', 'blocked']);

/**
 * Send; while a run is active, a choice between steering it and queueing after it (a radio
 * group), and Stop in place of Send (interrupting the turn) when the runtime can be written to.
 * With text typed during a run, the submit button says what it will do ("Add to queue",
 * "Steer now") and Stop stays beside it. Disabled states say why.
 */
export const Composer = forwardRef<HTMLFormElement, ComposerProps>(function Composer({ labels, inputId: givenInputId, className, ...rest }, ref) {
  const { adapter } = useRuntimeContext();
  const actions = useRuntimeActions();
  // The writes' and the mode choice's code arrives in idle time, before the first send needs it.
  useIdlePreload(COMPOSER_PARTS);
  const status = useRuntimeSelector((s) => selectSessionStatus(s));
  // The runtime's queue fact: prompts waiting behind the running turn (a task-less chat has no capsule to show it).
  const queued = useRuntimeSelector((s) => s.queue.length);
  const t = useShellLabels(labels);
  // The provider's actions keep the last send: a prompt that failed is still here after a re-mount.
  const sendState = useStore(actions.sendState);
  const failedSend = sendState.status === 'failed' ? sendState : undefined;
  const [text, setText] = useState(() => failedSend?.prompt ?? '');
  const [chosenMode, setMode] = useState<'queue' | 'steer'>('queue');
  // Only what the runtime says it can do is offered (an adapter that says nothing is offered everything).
  const capabilities = adapter?.capabilities;
  const canQueue = capabilities?.queue !== false;
  const canSteer = capabilities?.steer !== false;
  // A blocked turn cannot be steered (the thread says why).
  const mode = status === 'blocked' || !canSteer ? 'queue' : !canQueue ? 'steer' : chosenMode;
  const [error, setError] = useState<string>();
  const [stopping, setStopping] = useState(false);
  const generatedId = useId();
  const inputId = givenInputId ?? generatedId;
  const hintId = useId();
  const modeLabelId = useId();
  const active = ACTIVE.has(status);
  // Interrupting is a write to the runtime: offered only while a turn runs and a runtime is connected.
  // While a backlog opens, whether a turn runs is not the session's yet and its connection starts
  // after the history: nothing is stopped or sent until then.
  const loading = useRuntimeSelector(selectHistoryPending);
  const canStop = active && adapter !== undefined && capabilities?.interrupt !== false && !loading;
  const sending = sendState.status === 'sending';
  const oneAtATime = active && !canQueue && !canSteer;
  // A used-up quota blocks new work too: the turn notice says when it resets; sending is off until then.
  const quotaBlocked = useRuntimeSelector((s) => s.costLimits.quota?.state === 'blocked');
  const reason = !adapter ? t('composer.unavailable') : loading ? t('conversation.earlier') : quotaBlocked ? t('composer.quotaBlocked') : sending ? t('composer.sending') : oneAtATime ? t('composer.oneAtATime') : text.trim() === '' ? t('composer.empty') : undefined;
  const shownError = error ?? failedSend?.error;

  /** The text is cleared only once the runtime took the prompt, and only if it is still what was sent. */
  const deliver = async (prompt: string, turnMode: TurnMode) => {
    setError(undefined);
    let result: WriteResult;
    try {
      result = await actions.send(prompt, { mode: turnMode });
    } catch (thrown) {
      result = { ok: false, reason: 'failed', error: thrown instanceof Error ? thrown.message : String(thrown) };
    }
    if (result.ok) setText((current) => (current.trim() === prompt ? '' : current));
    // A failed send is kept by the actions (`sendState`); anything else is shown from here.
    else if (result.reason !== 'failed' || actions.sendState.getState().status !== 'failed') setError(result.error ?? result.reason);
  };
  const send = (event?: FormEvent) => {
    event?.preventDefault();
    if (!reason) void deliver(text.trim(), active ? mode : 'start');
  };
  const stop = async () => {
    setError(undefined);
    setStopping(true);
    try {
      const result = await actions.interrupt();
      if (!result.ok) setError(result.error ?? result.reason);
    } finally {
      setStopping(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) send(event as unknown as FormEvent);
  };
  // While a turn runs with nothing typed, Stop takes Send's place; with text, both are offered.
  const showSubmit = !canStop || (text.trim() !== '' && !oneAtATime);

  // The field is one rounded box: a click on its padding puts the caret in the text.
  const focusInput = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget) document.getElementById(inputId)?.focus();
  };
  // With no runtime to send to, a running turn's mode means nothing: the plain arrow, no "Add to queue".
  const saysMode = active && adapter !== undefined && !oneAtATime;
  const submitLabel = saysMode ? t(mode === 'steer' ? 'composer.submitSteer' : 'composer.submitQueue') : t('composer.send');
  const hint = reason !== undefined && (text !== '' || !adapter || quotaBlocked) ? reason : '';

  return (
    <form ref={ref} className={classes('aui-composer', className)} data-mode={active ? mode : 'start'} onSubmit={send} {...rest}>
      <div className="aui-composer__field" onClick={focusInput}>
        <label htmlFor={inputId} className="aui-visually-hidden">
          {t('composer.input')}
        </label>
        <textarea id={inputId} value={text} rows={1} placeholder={t('composer.placeholder')} aria-describedby={hintId} onChange={(e) => setText(e.target.value)} onKeyDown={onKeyDown} />
        <div className="aui-composer__controls">
        {active && adapter !== undefined && canQueue && canSteer && (
          <LazyComposerMode mode={mode} onModeChange={setMode} steerBlocked={status === 'blocked'} labelId={modeLabelId} labels={labels} />
        )}
        <p id={hintId} className="aui-muted aui-composer__hint">
          {hint}
        </p>
        {canStop && (
          <button
            type="button"
            className={classes('aui-button aui-composer__stop', !showSubmit && 'aui-button--primary')}
            aria-disabled={stopping || undefined}
            data-disabled={stopping || undefined}
            data-icon-only={(!showSubmit && !stopping) || undefined}
            onClick={() => void (stopping || stop())}
          >
            <IconStop className="aui-composer__stop-icon" /> <span className={!showSubmit && !stopping ? 'aui-visually-hidden' : undefined}>{t(stopping ? 'composer.stopping' : 'composer.stop')}</span>
          </button>
        )}
        {showSubmit && (
          // Idle, the round arrow says "send"; during a run the button says what it will do.
          <button type="submit" className="aui-button aui-button--primary aui-composer__submit" aria-disabled={reason !== undefined} data-disabled={reason !== undefined || undefined} data-icon-only={!saysMode || undefined}>
            <IconSend /> <span className={saysMode ? undefined : 'aui-visually-hidden'}>{submitLabel}</span>
          </button>
        )}
        </div>
      </div>
      {shownError !== undefined && (
        <div className="aui-composer__error" role="alert">
          {t('composer.failed', { error: shownError })}{' '}
          {failedSend && error === undefined && (
            <button type="button" className="aui-button" disabled={sending} onClick={() => void deliver(failedSend.prompt, failedSend.mode)}>
              <IconRetry />{t('composer.retry')}
            </button>
          )}
        </div>
      )}
      {queued > 0 && (
        <p className="aui-muted aui-composer__queued" role="status">
          {plural(t, 'composer.queued', queued)}
        </p>
      )}
    </form>
  );
});
