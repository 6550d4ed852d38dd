import { forwardRef, memo, useState, type ComponentPropsWithoutRef } from 'react';
import { Collapsible } from 'radix-ui';
import { useRuntimeSelector } from '../hooks/useRuntimeSelector';
import { selectParsedArgs } from '../store/selectors/text';
import type { ToolCallRecord } from '../store/records';
import { FactBadge } from './FactBadge';
import { classes, formatDuration, summarizeInput } from './format';
import type { Labels } from './labels';
import { useRedact } from './displayPolicy';
import type { Redactor } from '../protocol/redactSecrets';
import { countRender } from './renderCount';
import { revealBidi, SafeText } from './safeText';
import { useLabels } from './useLabels';

/** Props of `ToolCall`; any other prop goes to its root element where it has one. */
export interface ToolCallProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children'> {
  /** The tool call to render (its `toolCallId` in the events). */
  toolCallId: string;
  /** Opens the full output behind its ref (the kit never inlines it). Without it the ref is shown as text. */
  onOpenOutput?: (outputRef: string, toolCallId: string) => void;
  /** Jumps to evidence linked to a failed tool. */
  onOpenEvidence?: (evidenceId: string) => void;
  /** Overrides for this component's strings by key; the provider's `labels` and the English defaults apply otherwise. */
  labels?: Labels;
}

/** The input as shown: redacted before it is cut, so a clipped secret cannot slip past the patterns. */
function inputSummary(tool: ToolCallRecord, redact: Redactor): string {
  if (tool.safeArgs !== undefined) return summarizeInput(redact(tool.safeArgs));
  const parsed = selectParsedArgs(tool);
  // Mid-stream the args are partial JSON: show the raw text as it arrives.
  return parsed !== undefined ? summarizeInput(redact(parsed)) : redact(tool.argsText).slice(0, 160);
}

/** One tool row: running rows open, finished rows collapsed (the user may toggle either). */
export const ToolCall = memo(
  forwardRef<HTMLDivElement, ToolCallProps>(function ToolCall({ toolCallId, onOpenOutput, onOpenEvidence, labels, className, ...rest }, ref) {
    const tool = useRuntimeSelector((s) => s.toolCalls.byId.get(toolCallId));
    const t = useLabels(labels);
    const redact = useRedact();
    const [userOpen, setUserOpen] = useState<boolean | undefined>(undefined);
    countRender('ToolCall', toolCallId);
    if (!tool) {
      return (
        <div ref={ref} className={classes('aui-tool-call', className)} data-tool-status="unknown" {...rest}>
          <FactBadge fact="unknown" reason={toolCallId} />
        </div>
      );
    }
    const open = userOpen ?? tool.status === 'running';
    // Runtimes send progress as 0..1 or as a percentage.
    const percent = tool.progress === undefined ? undefined : Math.round(Math.min(1, Math.max(0, tool.progress > 1 ? tool.progress / 100 : tool.progress)) * 100);
    const name = revealBidi(tool.name ?? t('tool.unnamed'));
    const input = revealBidi(inputSummary(tool, redact));
    return (
      <Collapsible.Root open={open} onOpenChange={setUserOpen} asChild>
        <div
          ref={ref}
          className={classes('aui-tool-call', className)}
          data-tool-status={tool.status}
          data-failure-category={tool.failure?.category}
          data-state={open ? 'open' : 'closed'}
          {...rest}
        >
          <div className="aui-tool-call__header">
            <Collapsible.Trigger className="aui-tool-call__toggle" aria-label={t('tool.toggle', { name })}>
              <span aria-hidden="true">{open ? '▾' : '▸'}</span>
            </Collapsible.Trigger>
            <span className="aui-tool-call__name">{tool.name !== undefined ? <SafeText>{tool.name}</SafeText> : <FactBadge fact="unknown" reason={t('tool.unnamed')} />}</span>
            <span className="aui-tool-call__status" data-tool-status={tool.status}>
              <span aria-hidden="true">{tool.status === 'running' ? '◌' : tool.status === 'succeeded' ? '✓' : tool.status === 'unknown' ? '?' : '✕'}</span> {t(`tool.${tool.status}`)}
            </span>
            {tool.durationMs !== undefined && <span className="aui-tool-call__duration">{formatDuration(tool.durationMs)}</span>}
            {!open && tool.status === 'failed' && (
              <span className="aui-tool-call__failure-inline">
                {tool.failure?.category !== undefined ? t('tool.category', { category: tool.failure.category }) : <FactBadge fact="unknown" />}
              </span>
            )}
            {!open && input && <span className="aui-tool-call__input-inline">{input}</span>}
          </div>
          <Collapsible.Content className="aui-tool-call__body">
            {input && (
              <p className="aui-tool-call__input">
                <span className="aui-label">{t('tool.input')}</span> <code>{input}</code>
              </p>
            )}
            {tool.status === 'running' && percent !== undefined && (
              <div
                className="aui-progress"
                role="progressbar"
                aria-label={`${t('tool.progress')}: ${name}`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
              >
                <span style={{ width: `${percent}%` }} />
              </div>
            )}
            {tool.progressMessage && tool.status === 'running' && <p className="aui-tool-call__progress-message">{redact(tool.progressMessage)}</p>}
            {tool.outputPreview !== undefined && (
              <div className="aui-tool-call__output">
                <span className="aui-label">{t('tool.output')}</span>
                <pre>{redact(tool.outputPreview)}</pre>
                {tool.outputTruncated && <p className="aui-muted">{t('tool.outputTruncated')}</p>}
              </div>
            )}
            {tool.outputRef !== undefined &&
              (onOpenOutput ? (
                <button type="button" className="aui-button" onClick={() => onOpenOutput(tool.outputRef!, tool.toolCallId)}>
                  {t('tool.openOutput')}
                </button>
              ) : (
                <p className="aui-muted">
                  {t('tool.openOutput')}: <code>{tool.outputRef}</code>
                </p>
              ))}
            {tool.outputState !== undefined && (
              <p className="aui-muted aui-tool-call__output-state" data-output-state={tool.outputState}>
                {t(`tool.outputState.${tool.outputState}`)}
              </p>
            )}
            {tool.status === 'failed' && (
              <div className="aui-tool-call__failure" role="note">
                {tool.failure?.category !== undefined ? t('tool.category', { category: tool.failure.category }) : <FactBadge fact="unknown" />}
                {tool.failure?.retryable !== undefined && <span> · {t(tool.failure.retryable ? 'status.retryable' : 'status.notRetryable')}</span>}
                {tool.failure?.message && <p>{redact(tool.failure.message)}</p>}
                {tool.failure?.recoveryHint && <p>{t('tool.hint', { hint: tool.failure.recoveryHint })}</p>}
                {tool.evidenceIds.map((id) =>
                  onOpenEvidence ? (
                    <button key={id} type="button" className="aui-button aui-button--quiet" onClick={() => onOpenEvidence(id)}>
                      {t('tool.evidence', { id })}
                    </button>
                  ) : (
                    <span key={id} className="aui-muted">{t('tool.evidence', { id })}</span>
                  ),
                )}
              </div>
            )}
          </Collapsible.Content>
        </div>
      </Collapsible.Root>
    );
  }),
);

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
  /** Overrides for this component's strings by key; the provider's `labels` and the English defaults apply otherwise. */
  labels?: Labels;
}

/** Grouped tool rows, in the order they started. */
export const ToolGroup = forwardRef<HTMLDivElement, ToolGroupProps>(function ToolGroup({ toolCallIds, turnId, onOpenOutput, onOpenEvidence, labels, className, ...rest }, ref) {
  const turnToolIds = useRuntimeSelector((s) => (turnId !== undefined ? s.turns.byId.get(turnId)?.toolCallIds : undefined));
  const allIds = useRuntimeSelector((s) => s.toolCalls.ids);
  const t = useLabels(labels);
  const ids = toolCallIds ?? (turnId !== undefined ? (turnToolIds ?? []) : allIds);
  return (
    <div ref={ref} className={classes('aui-tool-group', className)} role="group" aria-label={t('tool.group')} data-count={ids.length} {...rest}>
      {ids.map((id) => (
        <ToolCall key={id} toolCallId={id} onOpenOutput={onOpenOutput} onOpenEvidence={onOpenEvidence} labels={labels} />
      ))}
    </div>
  );
});
