import { cloneElement, createContext, forwardRef, isValidElement, memo, useContext, useLayoutEffect, useRef, useState, type ComponentPropsWithoutRef, type ReactElement, type ReactNode } from 'react';
import { Slot } from './Slot';
import { DisclosureContent, DisclosureRoot, DisclosureTrigger } from './Disclosure';
import { useRuntimeActions, useRuntimeContext } from '../hooks/useRuntimeContext';
import { shallowEqual, useRuntimeSelector } from '../hooks/useRuntimeSelector';
import type { Redactor } from '../protocol/redactSecrets';
import type { ActionRecord, ToolCallRecord } from '../store/records';
import { selectParsedArgs } from '../store/selectors/parsedArgs';
import { selectToolActions, selectToolRun, summarizeToolRun, toolDisplayStatus, type ToolDisplayStatus, type ToolRunSummary } from '../store/selectors/toolFacts';
import { ActionRequired } from './ActionRequired';
import { useRedact } from './displayPolicy';
import { FactBadge } from './FactBadge';
import { classes, formatDuration } from './format';
import { summarizeInput } from './summarizeInput';
import { IconCheck, IconChevron, IconFailed, IconOpenExternal, IconRetry, IconSpinner, IconUnknown, IconWaiting, IconEvidence, type KitIcon } from './icons';
import { toolActivity, TOOL_ACTIVITIES, type ToolActivity } from './toolActivity';
import type { LabelKey, Labels } from '../ui/labels';
import { countRender } from './renderCount';
import { revealBidi, SafeText, useDisplayName } from './safeText';
import { dataWord } from './dataWord';
import { useLabels, type Translate } from './useLabels';
import { plural, valueLabel } from './valueLabel';
import { useVirtualRows } from './useVirtualRows';
import { VirtualSlot } from './VirtualSlot';

/** The input, redacted: the runtime's safe args, else the streamed args once they parse, else the raw text so far. */
function redactedInput(tool: ToolCallRecord, redact: Redactor): { value: unknown } | { partial: string } {
  if (tool.safeArgs !== undefined) return { value: redact(tool.safeArgs) };
  const parsed = selectParsedArgs(tool);
  // Mid-stream the args are partial JSON: show the raw text as it arrives.
  return parsed !== undefined ? { value: redact(parsed) } : { partial: redact(tool.argsText).slice(0, 160) };
}

/** The input as shown: redacted before it is cut, so a clipped secret cannot slip past the patterns. */
function inputSummary(tool: ToolCallRecord, redact: Redactor): string {
  const input = redactedInput(tool, redact);
  return 'partial' in input ? input.partial : summarizeInput(input.value);
}

/**
 * The input in one glance, for the row itself: the values (a path, a command, a pattern), a flag by
 * its name, without the keys a reader does not need to recognise a call.
 */
function inputGlance(tool: ToolCallRecord, redact: Redactor): string {
  const input = redactedInput(tool, redact);
  if ('partial' in input) return input.partial;
  const value = input.value;
  if (value === null || value === undefined) return '';
  if (typeof value !== 'object' || Array.isArray(value)) return summarizeInput(value);
  const parts: string[] = [];
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (item === true) parts.push(key);
    else if (typeof item === 'string' || typeof item === 'number') parts.push(String(item));
    else if (item !== false && item !== null && item !== undefined) parts.push(`${key}: ${JSON.stringify(item)}`);
  }
  return summarizeInput(parts.join('  '));
}

/** Output longer than this many lines or characters is shown capped, with "Show more". */
const OUTPUT_LINES = 8;
const OUTPUT_CHARS = 600;

interface ToolCallContextValue {
  toolCallId: string;
  tool?: ToolCallRecord;
  actions: ActionRecord[];
  status: ToolDisplayStatus | 'unknown';
  open: boolean;
  t: Translate;
  redact: Redactor;
  handlers: ToolCallHandlers;
}

const ToolCallContext = createContext<ToolCallContextValue | null>(null);
const useToolCall = () => {
  const value = useContext(ToolCallContext);
  if (!value) throw new Error('AgentUI: ToolCall parts go inside <ToolCall.Root>.');
  return value;
};

interface ToolCallHandlers {
  /** Opens the full output behind its ref (the kit never inlines it). Without it the ref is listed under Details. */
  onOpenOutput?: (outputRef: string, toolCallId: string) => void;
  /** Jumps to evidence linked to a failed tool. */
  onOpenEvidence?: (evidenceId: string) => void;
  /**
   * Retries a failed call. Retry is offered only on failures the runtime said are retryable, and
   * only when this is given or the provider's adapter can run a call again (`retryToolCall`).
   */
  onRetry?: (toolCallId: string) => void;
  /** The clock for an attached request's deadline (default `Date.now`). */
  now?: () => number;
}

/**
 * A part's content: its own default, or the app's children. With `asChild` the child is the element,
 * and an empty child gets the default content (`<ToolCall.Name asChild><strong /></ToolCall.Name>`).
 */
function content(asChild: boolean | undefined, children: ReactNode, fallback: () => ReactNode): ReactNode {
  if (!asChild) return children ?? fallback();
  if (isValidElement(children) && (children as ReactElement<{ children?: ReactNode }>).props.children === undefined) {
    return cloneElement(children as ReactElement<{ children?: ReactNode }>, undefined, fallback());
  }
  return children;
}

/** Props of `ToolCall.Root`; any other prop goes to its root element where it has one. */
export interface ToolCallRootProps extends ComponentPropsWithoutRef<'div'>, ToolCallHandlers {
  /**
   * The tool call to render: its key in `toolCalls.byId`, which is its `toolCallId` in the events
   * (for a later turn that reused an id, `toolCallId@turnId`, as that turn's `toolCallIds` list it).
   */
  toolCallId: string;
  /** Whether the details are shown (controlled); pair with `onOpenChange`. */
  open?: boolean;
  /** Whether the details are shown at first; by default open while running, waiting or failed, closed once it succeeded. */
  defaultOpen?: boolean;
  /** Called when the user opens or closes the details. */
  onOpenChange?: (open: boolean) => void;
  /** Render onto the single child element instead of a wrapper (the kit's `Slot`). */
  asChild?: boolean;
  /** Overrides for this component's strings by key; the provider's `labels` and the English defaults apply otherwise. */
  labels?: Labels;
}

const sameActions = (a: ActionRecord[], b: ActionRecord[]) => shallowEqual(a, b);

/** The row: state (`data-tool-status`, `data-state`) and the facts its parts read. */
const Root = forwardRef<HTMLDivElement, ToolCallRootProps>(function ToolCallRoot(
  { toolCallId, open: openProp, defaultOpen, onOpenChange, asChild, labels, onOpenOutput, onOpenEvidence, onRetry, now, className, children, ...rest },
  ref,
) {
  const tool = useRuntimeSelector((s) => s.toolCalls.byId.get(toolCallId));
  const actions = useRuntimeSelector((s) => (tool ? selectToolActions(s, tool) : []), sameActions);
  const t = useLabels(labels);
  const redact = useRedact();
  const [userOpen, setUserOpen] = useState<boolean | undefined>(defaultOpen);
  // Retry goes to the app's handler, else to the runtime when its adapter can run a call again.
  const { adapter } = useRuntimeContext();
  const writes = useRuntimeActions();
  const retry = onRetry ?? (adapter?.retryToolCall ? (id: string) => void writes.retryToolCall(id) : undefined);
  if (process.env.NODE_ENV !== 'production') countRender('ToolCall', toolCallId);
  const status: ToolCallContextValue['status'] = tool ? toolDisplayStatus(tool, actions) : 'unknown';
  // Running, waiting and failed rows start open: what is happening, or what went wrong, is visible.
  const open = openProp ?? userOpen ?? status !== 'succeeded';
  const setOpen = (next: boolean) => {
    if (openProp === undefined) setUserOpen(next);
    onOpenChange?.(next);
  };
  const Comp = asChild ? Slot : 'div';
  const value: ToolCallContextValue = { toolCallId, tool, actions, status, open, t, redact, handlers: { onOpenOutput, onOpenEvidence, onRetry: retry, now } };
  return (
    <ToolCallContext.Provider value={value}>
      <DisclosureRoot open={open} onOpenChange={setOpen} asChild>
        <Comp
          ref={ref}
          className={classes('aui-tool-call', className)}
          data-tool-status={status}
          data-failure-category={dataWord(tool?.failure?.category)}
          data-state={open ? 'open' : 'closed'}
          {...rest}
        >
          {children}
        </Comp>
      </DisclosureRoot>
    </ToolCallContext.Provider>
  );
});

/** Props of the parts that render one element. */
export interface ToolCallPartProps extends ComponentPropsWithoutRef<'span'> {
  /** Render onto the single child element instead of the part's own (the kit's `Slot`). */
  asChild?: boolean;
}

/** The header row: the whole row is the toggle (a button at least 24 px tall). */
const Header = forwardRef<HTMLButtonElement, ComponentPropsWithoutRef<'button'> & { asChild?: boolean }>(function ToolCallHeader({ asChild, className, children, ...rest }, ref) {
  const { tool, open, status, t, redact } = useToolCall();
  const glance = tool ? revealBidi(inputGlance(tool, redact)) : '';
  const Comp = asChild ? Slot : 'button';
  return (
    <DisclosureTrigger asChild>
      <Comp ref={ref} type={asChild ? undefined : 'button'} className={classes('aui-tool-call__header', className)} data-tool-status={status} {...rest}>
        {content(asChild, children, () => (
          <>
            {/* Spaces between the parts: the row's text is the button's accessible name (the name
                first); the status icon is drawn first (CSS order), its word after the input. */}
            <Name /> {!open && glance && <><span className="aui-tool-call__input-inline">{glance}</span> </>}
            <Status />
            {!open && status === 'failed' && tool?.failure?.category !== undefined && (
              <> <span className="aui-tool-call__failure-inline">{valueLabel(t, 'category', tool.failure.category)}</span></>
            )}
            {tool?.durationMs !== undefined && <> <span className="aui-tool-call__duration">{formatDuration(tool.durationMs, t)}</span></>}
            <IconChevron className="aui-chevron" />
          </>
        ))}
      </Comp>
    </DisclosureTrigger>
  );
});

/** The tool's name, isolated (a runtime string), or a badge when the runtime sent none. */
const Name = forwardRef<HTMLSpanElement, ToolCallPartProps>(function ToolCallName({ asChild, className, children, ...rest }, ref) {
  const { tool, toolCallId, t } = useToolCall();
  const Comp = asChild ? Slot : 'span';
  return (
    <Comp ref={ref} className={classes('aui-tool-call__name', className)} {...rest}>
      {content(asChild, children, () =>
        tool === undefined ? (
          <FactBadge fact="unknown" text={t('fact.what.tool')} reason={toolCallId} />
        ) : tool.name !== undefined ? (
          <SafeText>{tool.name}</SafeText>
        ) : (
          <FactBadge fact="unknown" text={t('fact.what.name')} reason={t('tool.unnamed')} />
        ),
      )}
    </Comp>
  );
});

/** Each state's icon and tone (running, waiting, done, failed), so no state rests on colour alone. */
const STATUS_LOOK: Record<ToolCallContextValue['status'], { icon: KitIcon; tone: string }> = {
  running: { icon: IconSpinner, tone: 'running' },
  waiting: { icon: IconWaiting, tone: 'waiting' },
  succeeded: { icon: IconCheck, tone: 'done' },
  failed: { icon: IconFailed, tone: 'failed' },
  unknown: { icon: IconUnknown, tone: 'idle' },
};

/** The row's state in words and an icon: Running, Waiting for approval, Succeeded, Failed. */
const Status = forwardRef<HTMLSpanElement, ToolCallPartProps>(function ToolCallStatus({ asChild, className, children, ...rest }, ref) {
  const { status, t } = useToolCall();
  const Comp = asChild ? Slot : 'span';
  const look = STATUS_LOOK[status];
  return (
    <Comp ref={ref} className={classes('aui-tool-call__status', className)} data-tool-status={status} data-tone={look.tone} {...rest}>
      {content(asChild, children, () => (
        <>
          <look.icon className="aui-tool-call__status-icon" spin={status === 'running'} />
          <span className="aui-tool-call__status-word">{status === 'unknown' ? t('fact.what.status') : t(`tool.${status}` as LabelKey)}</span>
        </>
      ))}
    </Comp>
  );
});

/** The requests that gate this call, on the row: a pending one in full, a finished one as one line. */
const Approval = function ToolCallApproval() {
  const { actions, handlers } = useToolCall();
  if (actions.length === 0) return null;
  return (
    <div className="aui-tool-call__approval">
      {actions.map((a) => (
        <ActionRequired key={a.actionId} actionId={a.actionId} attached now={handlers.now} />
      ))}
    </div>
  );
};

/** The details under the header (collapsible). */
const Body = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<'div'>>(function ToolCallBody({ className, children, ...rest }, ref) {
  return (
    <DisclosureContent ref={ref} className={classes('aui-tool-call__body', className)} {...rest}>
      {children ?? (
        <>
          <Input />
          <Progress />
          <Output />
          <Failure />
          <Details />
        </>
      )}
    </DisclosureContent>
  );
});

/** The tool's input, redacted: its fields as a list (streamed args shown as they arrive). */
const Input = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<'div'> & { asChild?: boolean }>(function ToolCallInput({ asChild, className, children, ...rest }, ref) {
  const { tool, t, redact } = useToolCall();
  const input = tool ? redactedInput(tool, redact) : undefined;
  const entries = input && 'value' in input && input.value !== null && typeof input.value === 'object' && !Array.isArray(input.value) ? Object.entries(input.value as Record<string, unknown>) : undefined;
  const text = input === undefined ? '' : 'partial' in input ? input.partial : entries ? '' : summarizeInput(input.value);
  if ((!entries || entries.length === 0) && !text && children === undefined) return null;
  const Comp = asChild ? Slot : 'div';
  return (
    <Comp ref={ref} className={classes('aui-tool-call__input', className)} {...rest}>
      {content(asChild, children, () => (
        <>
          <span className="aui-label">{t('tool.input')}</span>
          {entries && entries.length > 0 ? (
            <dl className="aui-tool-call__args">
              {entries.map(([key, value]) => (
                <div key={key} className="aui-tool-call__arg">
                  <dt><SafeText>{key}</SafeText></dt>
                  <dd><code>{revealBidi(summarizeInput(typeof value === 'string' ? value : JSON.stringify(value), 400))}</code></dd>
                </div>
              ))}
            </dl>
          ) : (
            <code>{revealBidi(text)}</code>
          )}
        </>
      ))}
    </Comp>
  );
});

function Progress() {
  const { tool, t, redact } = useToolCall();
  const displayName = useDisplayName();
  if (!tool || tool.status !== 'running') return null;
  // Runtimes send progress as 0..1 or as a percentage.
  const percent = tool.progress === undefined ? undefined : Math.round(Math.min(1, Math.max(0, tool.progress > 1 ? tool.progress / 100 : tool.progress)) * 100);
  const name = displayName(tool.name ?? t('tool.unnamed'));
  return (
    <>
      {percent !== undefined && (
        <div className="aui-progress" role="progressbar" aria-label={`${t('tool.progress')}: ${name}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
          <ProgressFill percent={percent} />
        </div>
      )}
      {tool.progressMessage && <p className="aui-tool-call__progress-message">{redact(tool.progressMessage)}</p>}
    </>
  );
}

/** The output preview, capped in height with "Show more"; the full output opens from its ref. */
const Output = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<'div'> & { asChild?: boolean }>(function ToolCallOutput({ asChild, className, children, ...rest }, ref) {
  const { tool, t, redact, handlers } = useToolCall();
  const [more, setMore] = useState(false);
  if (!tool) return null;
  const preview = tool.outputPreview === undefined ? undefined : redact(tool.outputPreview);
  const long = preview !== undefined && (preview.length > OUTPUT_CHARS || preview.split('\n').length > OUTPUT_LINES);
  const openable = tool.outputRef !== undefined && handlers.onOpenOutput !== undefined;
  if (preview === undefined && !openable && tool.outputState === undefined && children === undefined) return null;
  const Comp = asChild ? Slot : 'div';
  return (
    <Comp ref={ref} className={classes('aui-tool-call__output', className)} data-capped={long && !more ? '' : undefined} {...rest}>
      {content(asChild, children, () => (
        <>
          {preview !== undefined && (
            <>
              {/* A preview cut to nothing (one token longer than the budget: a cut never splits a token) is no box. */}
              {(preview !== '' || !tool.outputTruncated) && (
                <>
                  <span className="aui-label">{t('tool.output')}</span>
                  <pre>{preview}</pre>
                </>
              )}
              {long && (
                <button type="button" className="aui-button aui-button--quiet aui-tool-call__more" aria-expanded={more} onClick={() => setMore((m) => !m)}>
                  {t(more ? 'tool.showLess' : 'tool.showMore')}
                </button>
              )}
              {tool.outputTruncated && <p className="aui-muted">{t('tool.outputTruncated')}</p>}
            </>
          )}
          {openable && (
            <div className="aui-tool-call__output-actions">
              <button type="button" className="aui-button" onClick={() => handlers.onOpenOutput!(tool.outputRef!, tool.toolCallId)}>
                <IconOpenExternal />{t('tool.openOutput')}
              </button>
            </div>
          )}
          {tool.outputState !== undefined && (
            <p className="aui-muted aui-tool-call__output-state" data-output-state={tool.outputState}>
              {t(`tool.outputState.${tool.outputState}`)}
            </p>
          )}
        </>
      ))}
    </Comp>
  );
});

/** A typed failure: what happened (category and message), what to do, and Retry where offered. */
const Failure = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<'div'> & { asChild?: boolean }>(function ToolCallFailure({ asChild, className, children, ...rest }, ref) {
  const { tool, t, redact, handlers } = useToolCall();
  if (!tool || tool.status !== 'failed') return null;
  const failure = tool.failure;
  const Comp = asChild ? Slot : 'div';
  return (
    <Comp ref={ref} className={classes('aui-tool-call__failure', className)} role="note" data-failure-category={dataWord(failure?.category)} {...rest}>
      {content(asChild, children, () => (
        <>
          <p className="aui-tool-call__failure-what">
            <IconFailed />
            <span>
              {failure?.category !== undefined ? valueLabel(t, 'category', failure.category) : <FactBadge fact="unknown" text={t('fact.what.cause')} />}
              {failure?.message && <>: {redact(failure.message)}</>}
            </span>
          </p>
          {failure?.recoveryHint && <p>{t('tool.hint', { hint: redact(failure.recoveryHint) })}</p>}
          <div className="aui-tool-call__failure-actions">
            {failure?.retryable === true && handlers.onRetry && (
              <button type="button" className="aui-button" onClick={() => handlers.onRetry!(tool.toolCallId)}>
                <IconRetry />{t('tool.retry')}
              </button>
            )}
            {handlers.onOpenEvidence &&
              tool.evidenceIds.map((id) => (
                <button key={id} type="button" className="aui-button" onClick={() => handlers.onOpenEvidence!(id)}>
                  <IconEvidence />{t('tool.evidence')}
                </button>
              ))}
          </div>
        </>
      ))}
    </Comp>
  );
});

/** Ids and refs, for whoever needs them, behind a quiet disclosure instead of in the reading flow. */
function Details() {
  const { tool, t, handlers } = useToolCall();
  if (!tool) return null;
  const outputRef = tool.outputRef !== undefined && !handlers.onOpenOutput ? tool.outputRef : undefined;
  return (
    <details className="aui-dev-details aui-tool-call__details">
      <summary>{t('dev.details')}</summary>
      <dl>
        <dt>{t('dev.toolCallId')}</dt>
        <dd><code><SafeText>{tool.toolCallId}</SafeText></code></dd>
        {outputRef !== undefined && (
          <>
            <dt>{t('dev.outputRef')}</dt>
            <dd><code><SafeText>{outputRef}</SafeText></code></dd>
          </>
        )}
      </dl>
      {tool.failure?.retryable === true && !handlers.onRetry && <p>{t('tool.retryable')}</p>}
    </details>
  );
}

/** Props of `ToolCall`; any other prop goes to its root element where it has one. */
export interface ToolCallProps extends Omit<ToolCallRootProps, 'children' | 'asChild'> {}

/**
 * One tool row, composed from its parts: header (the toggle), the requests that gate it, and the
 * details (input, progress, output, failure). Build another layout from `ToolCall.Root` and parts.
 */
export const ToolCall = Object.assign(
  memo(
    forwardRef<HTMLDivElement, ToolCallProps>(function ToolCall(props, ref) {
      return (
        <Root ref={ref} {...props}>
          <Header />
          <Approval />
          <Body />
        </Root>
      );
    }),
  ),
  { Root, Header, Name, Status, Approval, Body, Input, Output, Failure, Details },
);

/** Props of `ToolRun`. */
export interface ToolRunProps extends ToolCallHandlers {
  /** The calls of one run, in order. */
  toolCallIds: readonly string[];
  /** Whether the run is expanded (controlled); by default collapsed only when every call succeeded. */
  open?: boolean;
  /** Whether the run starts expanded when `open` is not controlled. */
  defaultOpen?: boolean;
  /** Called when the reader expands or collapses the run. */
  onOpenChange?: (open: boolean) => void;
  /** Overrides for this component's strings by key; the provider's `labels` and the English defaults apply otherwise. */
  labels?: Labels;
}

/** "Read 2 files, ran 1 command": the run's calls counted by what their names say they do. */
function activitySummary(t: Translate, names: readonly (string | undefined)[]): string {
  const counts = new Map<ToolActivity, number>();
  for (const name of names) {
    const activity = toolActivity(name);
    counts.set(activity, (counts.get(activity) ?? 0) + 1);
  }
  const phrases = TOOL_ACTIVITIES.filter((a) => counts.has(a)).map((a) => plural(t, `tool.activity.${a}`, counts.get(a)!));
  const text = phrases.join(t('tool.activitySeparator'));
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

/** The run's tone: failed over waiting over running, done once every call succeeded. */
function runLook(summary: ToolRunSummary): { tone: string; icon: KitIcon; spin?: boolean } {
  if (summary.failed > 0) return { tone: 'failed', icon: IconFailed };
  if (summary.waiting > 0) return { tone: 'waiting', icon: IconWaiting };
  if (summary.running > 0) return { tone: 'running', icon: IconSpinner, spin: true };
  if (summary.unknown > 0) return { tone: 'idle', icon: IconUnknown };
  return { tone: 'done', icon: IconCheck };
}

/**
 * One step's tool calls under a summary row ("Read 2 files, ran 1 command · 1 failed"): collapsed
 * when all succeeded, open while one runs, waits or failed. The rows sit indented beneath it.
 */
export function ToolRun({ toolCallIds, open: openProp, defaultOpen, onOpenChange, labels, ...handlers }: ToolRunProps) {
  const summary = useRuntimeSelector((s) => summarizeToolRun(s, toolCallIds), shallowEqual);
  const names = useRuntimeSelector((s) => toolCallIds.map((id) => s.toolCalls.byId.get(id)?.name), shallowEqual);
  const t = useLabels(labels);
  const [userOpen, setUserOpen] = useState<boolean | undefined>(defaultOpen);
  const settled = summary.failed === 0 && summary.running === 0 && summary.waiting === 0 && summary.unknown === 0;
  const open = openProp ?? userOpen ?? !settled;
  const setOpen = (next: boolean) => {
    if (openProp === undefined) setUserOpen(next);
    onOpenChange?.(next);
  };
  const counts: string[] = [];
  if (summary.failed > 0) counts.push(t('tool.runFailed', { count: summary.failed }));
  if (summary.waiting > 0) counts.push(t('tool.runWaiting', { count: summary.waiting }));
  if (summary.running > 0) counts.push(t('tool.runRunning', { count: summary.running }));
  const look = runLook(summary);
  return (
    <DisclosureRoot open={open} onOpenChange={setOpen} className="aui-tool-run" data-state={open ? 'open' : 'closed'} data-failed={summary.failed || undefined} data-tone={look.tone}>
      <DisclosureTrigger className="aui-tool-run__header">
        <look.icon className="aui-tool-run__icon" spin={look.spin} />
        <span className="aui-tool-run__summary">{activitySummary(t, names)}</span>
        {counts.length > 0 && (
          <>
            {' · '}
            <span className="aui-tool-run__counts" data-failed={summary.failed > 0 || undefined}>{counts.join(' · ')}</span>
          </>
        )}
        <IconChevron className="aui-chevron" />
      </DisclosureTrigger>
      <DisclosureContent className="aui-tool-run__rows" role="group" aria-label={t('tool.runToggle')}>
        {toolCallIds.map((id) => (
          <ToolCall key={id} toolCallId={id} labels={labels} {...handlers} />
        ))}
      </DisclosureContent>
    </DisclosureRoot>
  );
}

/** Props of `ToolPart`. */
export interface ToolPartProps extends ToolCallHandlers {
  /** The conversation part (of kind `tool`). */
  partId: string;
  /** Overrides for this component's strings by key; the provider's `labels` and the English defaults apply otherwise. */
  labels?: Labels;
}

/**
 * A tool part of a message: the first part of a run of consecutive tool parts renders the run (a
 * single call as its row, several under a summary line); the others render nothing.
 */
export const ToolPart = memo(function ToolPart({ partId, ...rest }: ToolPartProps) {
  const run = useRuntimeSelector((s) => selectToolRun(s, partId), (a, b) => a.lead === b.lead && shallowEqual(a.toolCallIds, b.toolCallIds));
  if (!run.lead) return null;
  if (run.toolCallIds.length === 1) return <ToolCall toolCallId={run.toolCallIds[0]!} {...rest} />;
  return <ToolRun toolCallIds={run.toolCallIds} {...rest} />;
});

/** Props of `ToolGroup`; any other prop goes to its root element where it has one. */
export interface ToolGroupProps extends ComponentPropsWithoutRef<'div'> {
  /** The rows to show; all tool calls of the session when omitted. */
  toolCallIds?: readonly string[];
  /** Show only this turn's tools. */
  turnId?: string;
  /** Called when the user opens a tool's full output (its ref and tool call id). */
  onOpenOutput?: ToolCallProps['onOpenOutput'];
  /** Called when the user opens the evidence a tool row links to. */
  onOpenEvidence?: ToolCallProps['onOpenEvidence'];
  /** Retries a failed call (offered only on failures the runtime marked retryable). */
  onRetry?: ToolCallProps['onRetry'];
  /** Overrides for this component's strings by key; the provider's `labels` and the English defaults apply otherwise. */
  labels?: Labels;
  /** Mount only the rows in view (default `true`). Pass `false` for server rendering or short lists: every row renders. */
  virtualize?: boolean;
  /**
   * Whether rows start open. Default: running, waiting and failed rows open, as in the thread. The
   * workbench's Tools lane passes `false`: beside the thread, where the same rows are open, the
   * lane is an index of one-line rows, each opening on demand.
   */
  defaultOpen?: boolean;
}

/**
 * Every tool row (of the session or one turn), in the order they started: the full list the Tools
 * lane holds. It scrolls inside itself and mounts only the rows in view: a long session holds
 * thousands of calls, and mounting each (a collapsible, its input summary, its output preview)
 * made opening a 100k-event session one task of seconds.
 */
export const ToolGroup = forwardRef<HTMLDivElement, ToolGroupProps>(function ToolGroup({ toolCallIds, turnId, onOpenOutput, onOpenEvidence, onRetry, labels, virtualize = true, defaultOpen, className, ...rest }, ref) {
  const turnToolIds = useRuntimeSelector((s) => (turnId !== undefined ? s.turns.byId.get(turnId)?.toolCallIds : undefined))?.toArray();
  const allIds = useRuntimeSelector((s) => s.toolCalls.ids);
  const t = useLabels(labels);
  const ids = toolCallIds ?? (turnId !== undefined ? (turnToolIds ?? EMPTY_IDS) : allIds);
  const { scrollRef, spaceRef: space, virtualizer, onScroll, rows, placed } = useVirtualRows({ keys: ids, estimateSize: 48, stickToBottom: true, virtualize });
  return (
    <div ref={ref} className={classes('aui-tool-group', className)} role="group" aria-label={t('tool.group')} data-count={ids.length} {...rest}>
      <div ref={scrollRef} className="aui-tool-group__scroll" onScroll={onScroll}>
        <div ref={space as never} className={placed ? 'aui-virtual' : undefined}>
          {/* Without the requests: they are answered in the thread, where the call is; here the row says it waits. */}
          {rows().map((row) => (
            <VirtualSlot key={row.key} row={row} virtualize={placed} measure={virtualizer.measureElement} className="aui-tool-group__row">
              {row.ready && (
                <Root toolCallId={ids[row.index]!} defaultOpen={defaultOpen} onOpenOutput={onOpenOutput} onOpenEvidence={onOpenEvidence} onRetry={onRetry} labels={labels}>
                  <Header />
                  <Body />
                </Root>
              )}
            </VirtualSlot>
          ))}
        </div>
      </div>
    </div>
  );
});

const EMPTY_IDS: readonly string[] = [];

/** The filled part of a progress bar, sized through the CSSOM (no style attribute in server HTML, which a strict CSP blocks). */
function ProgressFill({ percent }: { percent: number }) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    if (ref.current) ref.current.style.width = `${percent}%`;
  }, [percent]);
  return <span ref={ref} />;
}
