import { useRuntimeSelector } from '../hooks/useRuntimeSelector';
import type { RuntimeState } from '../store/createRuntimeStore';
import { selectRuntimeStatus, type DisplayStage } from '../store/selectors/runtimeStatus';
import { selectLatestTurn } from '../store/selectors/turnStatus';
import type { Labels } from '../ui/labels';
import type { ShellLabelKey } from '../ui/shellLabels';
import { IconSpinner, IconStale } from './icons';
import { useShellLabels } from './useShellLabels';

/** Stages in which the runtime is working on a reply. */
const WORKING = new Set<DisplayStage>(['submitted', 'routing', 'preparing', 'planning', 'acting', 'streaming', 'running', 'retrying']);

/**
 * The stage to show while the latest turn works and its reply has nothing to show yet, else
 * undefined. The stage is the status header's own (`selectRuntimeStatus`): one source, so the
 * thread and the header never disagree.
 */
export function selectPendingReplyStage(state: RuntimeState): DisplayStage | undefined {
  const turn = selectLatestTurn(state);
  if (!turn) return undefined;
  const { stage } = selectRuntimeStatus(state);
  if (!WORKING.has(stage)) return undefined;
  const replied = turn.messageIds.toArray().some((id) => {
    const message = state.messages.byId.get(id);
    return message?.role === 'assistant' && message.partIds.length > 0;
  });
  return replied ? undefined : stage;
}

/**
 * True while the latest turn's reply is streaming reasoning (its last part is reasoning not yet
 * done): the header says Thinking rather than the stage the runtime last named.
 */
export function selectThinking(state: RuntimeState): boolean {
  const turn = selectLatestTurn(state);
  if (!turn) return false;
  for (let i = turn.messageIds.length - 1; i >= 0; i--) {
    const message = state.messages.byId.get(turn.messageIds.at(i)!);
    if (message?.role !== 'assistant' || message.status !== 'streaming') continue;
    const last = state.parts.byId.get(message.partIds[message.partIds.length - 1]!);
    return last?.kind === 'reasoning' && !last.done;
  }
  return false;
}

/** Before the first token: the stage the runtime reports ("Preparing…"), shimmering, so a blank thread never looks dead. */
export function PendingReply({ labels }: { labels?: Labels }) {
  const stage = useRuntimeSelector(selectPendingReplyStage);
  // A stream that broke is not working on a reply: no spinner, no shimmer while the view is stale.
  const stale = useRuntimeSelector((s) => s.session.stale);
  const t = useShellLabels(labels);
  if (stage === undefined) return null;
  return (
    <div className="aui-pending-reply" data-stage={stage} data-stale={stale || undefined}>
      {stale ? <IconStale /> : <IconSpinner spin />}
      {stale ? <span>{t('conversation.waitingForStream')}</span> : <span className="aui-shimmer">{stage === 'streaming' || stage === 'running' ? t('conversation.thinking') : `${t(`status.${stage}` as ShellLabelKey)}…`}</span>}
    </div>
  );
}
