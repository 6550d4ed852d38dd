import { memo } from 'react';
import { shallowEqual, useRuntimeSelector } from '../hooks/useRuntimeSelector';
import { selectTurnNotice } from '../store/selectors/turnNotice';
import { selectTurnSubagents } from '../store/selectors/turnSubagents';
import type { Labels } from '../ui/labels';
import { LazySubagentSummary } from './lazyLanes';
import { LazyTurnNotice } from './lazyRows';

/**
 * The end of a turn in the thread, under its last message: the subagents it ran (summarized, with
 * a link to their lane) and, when it did not complete, why. Renders nothing for other messages.
 */
export const TurnEnd = memo(function TurnEnd({ messageId, labels }: { messageId: string; labels?: Labels }) {
  const subagents = useRuntimeSelector((s) => selectTurnSubagents(s, messageId), shallowEqual);
  // Only the turn's last message of a blocked or failed turn has a notice; its code loads with the first one.
  const notice = useRuntimeSelector((s) => selectTurnNotice(s, messageId) !== undefined);
  return (
    <>
      {subagents.map((id) => (
        <LazySubagentSummary key={id} subagentId={id} labels={labels} />
      ))}
      {notice && <LazyTurnNotice messageId={messageId} labels={labels} />}
    </>
  );
});
