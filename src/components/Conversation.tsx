import { forwardRef, memo, useCallback, useId, useMemo, useState, type ComponentPropsWithoutRef } from 'react';
import { useRuntimeSelector } from '../hooks/useRuntimeSelector';
import { selectHistoryPending } from '../store/selectors/historyPending';
import { LazyArtifactCard } from './lazyArtifacts';
import { useIdlePreload } from './lazyPart';
import { actionsModule, LazyActionPart, LazyCutNotice, LazyMarkdown, LazyReasoning, LazyToolPart, LazyToolSlot, markdownModule, noticeModule, reasoningModule, toolsModule } from './lazyRows';
import { sameComponents, type ConversationComponents } from './conversationComponents';
import { useDisplayText } from './displayPolicy';
import { classes } from './format';
import type { Labels } from '../ui/labels';
import { sameEntries, useStableValue } from '../hooks/useStableValue';
import { countRender } from './renderCount';
import { PendingReply } from './PendingReply';
import type { ToolCallProps } from './ToolCall';
import { TurnEnd } from './TurnEnd';
import { useShellLabels } from './useShellLabels';
import { useLatestCallback } from './useLatestCallback';
import type { OpenRef } from './RefLink';
import type { RefLoader } from './useRefContent';
import { useThreadKeyboard } from './useThreadKeyboard';
import { virtualCore } from './useLazyVirtualizer';
import { useVirtualRows } from './useVirtualRows';
import { VirtualSlot } from './VirtualSlot';

export type { ConversationComponents } from './conversationComponents';

interface PartHandlers {
  /** Called when the user opens a tool's full output (its ref and tool call id); without it the ref is shown as text. */
  onOpenOutput?: ToolCallProps['onOpenOutput'];
  /** Called when the user opens the evidence a tool row links to. */
  onOpenEvidence?: ToolCallProps['onOpenEvidence'];
  /** Retries a failed tool call; offered only on failures the runtime marked retryable. */
  onRetry?: ToolCallProps['onRetry'];
  /** Opens a ref the runtime gave (an artifact's source or export); without it such refs are listed as text. */
  onOpenRef?: OpenRef;
  /** Loads the content behind a ref (`outputRef`, `previewRef`...) on demand; without it such content is `unavailable`. */
  loadRef?: RefLoader;
  /** Overrides for this component's strings by key; the provider's `labels` and the English defaults apply otherwise. */
  labels?: Labels;
  /** The clock for elapsed times (default `Date.now`). */
  now?: () => number;
  /** Your own components for some parts; the kit's defaults render the rest. */
  components?: ConversationComponents;
}

/** The reasoning's duration from its events' timestamps; undefined unless both are facts. */
function reasoningDuration(part: { startedAt?: string; endedAt?: string }): number | undefined {
  if (part.startedAt === undefined || part.endedAt === undefined) return undefined;
  const ms = Date.parse(part.endedAt) - Date.parse(part.startedAt);
  return Number.isFinite(ms) && ms >= 0 ? ms : undefined;
}

/** One part, subscribed alone: a text delta re-renders this and nothing else. */
const Part = memo(function Part({ partId, streaming, handlers }: { partId: string; streaming: boolean; handlers: PartHandlers }) {
  const part = useRuntimeSelector((s) => s.parts.byId.get(partId));
  if (process.env.NODE_ENV !== 'production') countRender('Part', partId);
  if (!part) return null;
  const slots = handlers.components;
  switch (part.kind) {
    case 'text':
      if (slots?.Text) return <slots.Text partId={partId} messageId={part.messageId} text={part.text ?? ''} streaming={streaming} />;
      return <LazyMarkdown className="aui-message__text" text={part.text ?? ''} />;
    case 'reasoning': {
      const durationMs = reasoningDuration(part);
      if (slots?.Reasoning) return <slots.Reasoning partId={partId} messageId={part.messageId} text={part.text ?? ''} done={part.done} durationMs={durationMs} labels={handlers.labels} />;
      return <LazyReasoning text={part.text ?? ''} done={part.done} durationMs={durationMs} labels={handlers.labels} />;
    }
    case 'tool':
      if (slots?.Tool) return <LazyToolSlot partId={partId} toolCallId={part.refId!} slot={slots.Tool} onOpenOutput={handlers.onOpenOutput} onOpenEvidence={handlers.onOpenEvidence} onRetry={handlers.onRetry} labels={handlers.labels} now={handlers.now} />;
      return <LazyToolPart partId={partId} onOpenOutput={handlers.onOpenOutput} onOpenEvidence={handlers.onOpenEvidence} onRetry={handlers.onRetry} labels={handlers.labels} now={handlers.now} />;
    case 'action':
      if (slots?.Action) return <slots.Action actionId={part.refId!} labels={handlers.labels} now={handlers.now} />;
      return <LazyActionPart actionId={part.refId!} labels={handlers.labels} now={handlers.now} />;
    case 'artifact':
      if (slots?.Artifact) return <slots.Artifact artifactId={part.refId!} loadRef={handlers.loadRef} labels={handlers.labels} />;
      return <LazyArtifactCard artifactId={part.refId!} loadRef={handlers.loadRef} onOpenRef={handlers.onOpenRef} labels={handlers.labels} />;
  }
});

/** What the thread's rows load besides the shell, preloaded once the page is idle. */
const ROW_PARTS = [virtualCore, toolsModule, actionsModule, noticeModule, markdownModule, reasoningModule];

const MessageRow = memo(function MessageRow({ messageId, tabStop, hintId, handlers }: { messageId: string; tabStop: boolean; hintId: string; handlers: PartHandlers }) {
  const message = useRuntimeSelector((s) => s.messages.byId.get(messageId));
  // Only a message still streaming when the view went stale subscribes to anything new here.
  const cut = useRuntimeSelector((s) =>
    s.session.stale && s.messages.byId.get(messageId)?.status === 'streaming' ? (s.session.staleReason ?? 'sequence_gap') : undefined,
  );
  const t = useShellLabels(handlers.labels);
  if (process.env.NODE_ENV !== 'production') countRender('MessageRow', messageId);
  if (!message) return null;
  return (
    <article
      className="aui-message"
      data-role={message.role}
      data-message-status={message.status}
      data-final={message.final || undefined}
      aria-label={t(`conversation.${message.role}`)}
      aria-describedby={tabStop ? hintId : undefined}
      // Roving tabindex: the thread is one tab stop, on the active message; arrows move it.
      tabIndex={tabStop ? 0 : -1}
    >
      <header className="aui-message__author">{t(`conversation.${message.role}`)}</header>
      {message.role === 'user' ? (
        // The prompt is a bubble; how its turn ended (a turn with no reply ends here) is not part of it.
        <div className="aui-message__bubble">
          {message.partIds.map((id) => (
            <Part key={id} partId={id} streaming={false} handlers={handlers} />
          ))}
        </div>
      ) : (
        message.partIds.map((id) => <Part key={id} partId={id} streaming={message.status === 'streaming'} handlers={handlers} />)
      )}
      <TurnEnd messageId={messageId} labels={handlers.labels} />
      {cut && <LazyCutNotice reason={cut} labels={handlers.labels} />}
      {message.status === 'interrupted' && <p className="aui-muted aui-message__interrupted">{t('conversation.interrupted')}</p>}
    </article>
  );
});

/** Props of `Conversation`; any other prop goes to its root element where it has one. */
export interface ConversationProps extends ComponentPropsWithoutRef<'div'>, PartHandlers {
  /** Render every row instead of the visible window (for comparison; slow on long sessions). */
  virtualize?: boolean;
  /** The height in pixels assumed for a row until it is measured (default 140). */
  estimateRowHeight?: number;
}

/**
 * The message list, virtualized with measured row heights. Parts render in event order; it sticks
 * to the bottom while the reader is there, stays still while they read history or when older
 * history is prepended, and offers a jump to the latest message.
 */
export const Conversation = forwardRef<HTMLDivElement, ConversationProps>(function Conversation(
  { virtualize = true, estimateRowHeight = 140, onOpenOutput, onOpenEvidence, onRetry, onOpenRef, loadRef, labels, now, components, className, ...rest },
  ref,
) {
  // A new array only when a message is added, removed or moved (commits are immutable).
  const keys = useRuntimeSelector((s) => s.messages.ids);
  const stale = useRuntimeSelector((s) => s.session.stale);
  // The newest turns shown while the history before them is applied (openBacklog, newest first).
  const earlier = useRuntimeSelector(selectHistoryPending);
  const count = keys.length;
  // A new object (re-rendering the memoised rows) only when what the rows show changes.
  const openOutput = useLatestCallback(onOpenOutput);
  const openEvidence = useLatestCallback(onOpenEvidence);
  const retry = useLatestCallback(onRetry);
  const openRef = useLatestCallback(onOpenRef);
  // Written inline (as the docs show), these are new objects every render: kept while they say the same.
  const stableLabels = useStableValue(labels, sameEntries);
  const stableComponents = useStableValue(components, sameComponents);
  const handlers = useMemo<PartHandlers>(
    () => ({ onOpenOutput: openOutput, onOpenEvidence: openEvidence, onRetry: retry, onOpenRef: openRef, loadRef, labels: stableLabels, now, components: stableComponents }),
    [openOutput, openEvidence, retry, openRef, loadRef, stableLabels, now, stableComponents],
  );
  const t = useShellLabels(stableLabels);
  // The rows' code beyond the words (tools, requests, markdown) arrives in idle time if no row asked
  // first, and as soon as the session has any event: opening a long backlog leaves no idle time, and
  // its rows asking only once it was applied put two chunk loads and renders after it (~100 ms).
  const hasEvents = useRuntimeSelector((s) => s.counts.received > 0);
  useIdlePreload(ROW_PARTS, hasEvents);
  if (process.env.NODE_ENV !== 'production') countRender('Conversation', '');
  const { scrollRef, spaceRef: space, virtualizer, onScroll, atBottom, jumpToLatest, rows, placed } = useVirtualRows({ keys, estimateSize: estimateRowHeight, stickToBottom: true, virtualize });
  const mounted = rows();
  const scrollToIndex = useCallback((index: number) => virtualizer.scrollToIndex(index, { align: 'auto' }), [virtualizer]);
  const keyboard = useThreadKeyboard({ scrollRef, count, scrollToIndex });
  const hintId = useId();
  return (
    <div ref={ref} className={classes('aui-conversation', className)} role="group" aria-label={t('conversation.region')} data-count={count} data-pinned={atBottom || undefined} data-stale={stale || undefined} {...rest}>
      <p id={hintId} hidden>
        {t('conversation.navigationHint')}
      </p>
      <div
        ref={scrollRef}
        className="aui-conversation__scroll"
        onScroll={onScroll}
        onKeyDown={keyboard.onKeyDown}
        onFocus={keyboard.onFocus}
        onPointerDownCapture={keyboard.onPointerDown}
        // The entry stop: keyboard focus arriving here moves on to the active message.
        tabIndex={0}
        role="log"
        aria-live="off"
        aria-label={t('conversation.region')}
        aria-describedby={hintId}
        // The newest screen of rows in normal flow (a server's HTML, or before the virtualizer's code
        // arrives): its end in view until the virtualizer places them.
        data-flow-rows={(virtualize && !placed) || undefined}
      >
        {(count === 0 || earlier) && (
          <p className="aui-muted aui-conversation__empty" role="status">
            {t(earlier ? 'conversation.earlier' : 'conversation.empty')}
          </p>
        )}
        {/* Heights and offsets go through the CSSOM (useVirtualRows' spaceRef, VirtualSlot): a strict CSP blocks style attributes in server HTML. */}
        <div ref={space as never} className={classes('aui-conversation__inner', placed && 'aui-virtual')}>
          {mounted.map((row) => (
            <VirtualSlot key={row.key} row={row} virtualize={placed} measure={virtualizer.measureElement} className="aui-conversation__row">
              {row.ready && <MessageRow messageId={keys[row.index]!} tabStop={row.index === keyboard.active} hintId={hintId} handlers={handlers} />}
            </VirtualSlot>
          ))}
        </div>
        <PendingReply labels={labels} />
        {/* The entry stop from after the thread (Shift+Tab): it too moves on to the active message. */}
        {count > 0 && <div tabIndex={0} data-aui-thread-end="" className="aui-visually-hidden" />}
      </div>
      {!atBottom && count > 0 && (
        <button type="button" className="aui-button aui-conversation__jump" onClick={jumpToLatest}>
          {t('conversation.jumpToLatest')}
        </button>
      )}
    </div>
  );
});
