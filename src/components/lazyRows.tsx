import { useEffect } from 'react';
import { useRuntimeSelector } from '../hooks/useRuntimeSelector';
import { selectToolRun } from '../store/selectors/toolRun';
import { classes } from './format';
import { lazyComponent } from './lazyComponent';
import { lazyPart } from './lazyPart';
import { markdownRenderer } from './markdown/loadRenderer';
import { WholeText } from './markdown/PlainText';
import { boxPlaceholder, linePlaceholder } from './placeholders';

// The rows of a thread beyond its words: tool calls, requests, reasoning and the markdown code are
// chunks of their own, loaded with the first row that needs them, or earlier when the page is idle.
// An empty or freshly opened thread pays for none of them.

/** Tool rows (the thread's runs, the Tools lane, the app's tool slots). */
export const toolsModule = lazyPart(() => import('./toolRows'));
/** Requests (approvals, input, plan decisions) and the form that answers them. */
export const actionsModule = lazyPart(() => import('./ActionRequired'));
/** The notice under a turn that did not complete (blocked or failed): why, and the ways out its facts offer. */
export const noticeModule = lazyPart(() => import('./TurnNotice'));
/** The markdown component (block splitting, idle parsing, code blocks); the parser is a chunk of its own (`markdownRenderer`). */
export const markdownModule = lazyPart(() => import('./Markdown'));
/** A reasoning part and its disclosure. */
export const reasoningModule = lazyPart(() => import('./Reasoning'));

type ToolPlaceholderProps = { partId: string };

/**
 * A tool part until its module arrives: nothing for a part another part's run shows (as the row
 * would), else the card's collapsed header, empty, so the row keeps its height when it fills.
 */
function ToolPlaceholder({ partId }: ToolPlaceholderProps) {
  const run = useRuntimeSelector((s) => selectToolRun(s, partId), (a, b) => a.lead === b.lead && a.toolCallIds.length === b.toolCallIds.length);
  if (!run.lead) return null;
  const single = run.toolCallIds.length === 1;
  return (
    <div className={single ? 'aui-tool-call' : 'aui-tool-run'} data-loading="" aria-busy="true">
      <div className={single ? 'aui-tool-call__header' : 'aui-tool-run__header'} />
    </div>
  );
}

/** `ToolPart`, loaded with the thread's first tool call. */
export const LazyToolPart = lazyComponent(toolsModule, (m) => m.ToolPart, ToolPlaceholder);
/** `ToolSlot` (the app's tool components, the kit's rows for the others), loaded with the first tool call. */
export const LazyToolSlot = lazyComponent(toolsModule, (m) => m.ToolSlot, ToolPlaceholder);
/** `ToolGroup`, loaded with the Tools lane. */
export const LazyToolGroup = lazyComponent(toolsModule, (m) => m.ToolGroup, boxPlaceholder('aui-tool-group'));

/**
 * `ActionPart`, loaded with the first request. Nothing until then: a request a tool row carries
 * renders nothing here, and which one does is the module's to say.
 */
export const LazyActionPart = lazyComponent(actionsModule, (m) => m.ActionPart, () => null);
/** `ActionList`, loaded with the first request (the workbench renders it only then); nothing until then, as with no request pending. */
export const LazyActionList = lazyComponent(actionsModule, (m) => m.ActionList, () => null);

/** `TurnNotice`, loaded with the first blocked or failed turn (TurnEnd renders it only then); one empty line until then. */
export const LazyTurnNotice = lazyComponent(noticeModule, (m) => m.TurnNotice, linePlaceholder('aui-turn-notice', 'p'));

/** `CutNotice` (in the notice's chunk), loaded with the first answer a broken stream cut; one empty line until then. */
export const LazyCutNotice = lazyComponent(noticeModule, (m) => m.CutNotice, linePlaceholder('aui-message__cut', 'p'));

/** `Reasoning`, loaded with the first reasoning part; its toggle's line, empty, until then. */
export const LazyReasoning = lazyComponent(reasoningModule, (m) => m.Reasoning, linePlaceholder('aui-reasoning', 'p'));

/**
 * A message's text until the markdown module arrives: its words, whole, as text (what `Markdown`
 * shows until its parser arrives); the parser starts loading beside the module.
 */
function MarkdownPlaceholder({ text, className }: { text: string; className?: string }) {
  useEffect(() => void markdownRenderer.load().catch(() => undefined), []);
  return (
    <div className={classes('aui-markdown', className)}>
      <WholeText text={text} />
    </div>
  );
}

/** `Markdown`, loaded with the first message that has text. */
export const LazyMarkdown = lazyComponent(markdownModule, (m) => m.Markdown, MarkdownPlaceholder);
