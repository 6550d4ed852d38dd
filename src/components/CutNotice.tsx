import { useShallow } from 'zustand/react/shallow';
import { pickHealth } from '../hooks/connectionStore';
import { useConnectionState } from '../hooks/useConnectionState';
import type { StaleReason } from '../store/records';
import type { Labels } from '../ui/labels';
import { IconReconnect } from './icons';
import { useLabels } from './useLabels';

// Loaded with the turn notice's chunk (TurnNotice.tsx re-exports it; lazyRows.tsx), as the mark of
// the other way a turn's answer can end short: preloaded with the rows' parts once the session has
// events, so it is there before a stream can break.

/** Connection states in which a retry can do something (not while it connects or repairs already). */
const RETRYABLE = new Set(['open', 'reconnecting', 'error', 'ended']);

/**
 * The mark on a message the stream cut while it was streaming: its text may be incomplete. The
 * reason is the store's stale fact; Reconnect appears only when a stream can be retried.
 */
export function CutNotice({ reason, labels }: { reason: StaleReason; labels?: Labels }) {
  const t = useLabels(labels);
  const connection = useConnectionState(useShallow(pickHealth));
  return (
    <p className="aui-message__cut" role="note" data-stale-reason={reason}>
      {t(reason === 'disconnected' ? 'conversation.cut.disconnected' : 'conversation.cut.missing')}
      {RETRYABLE.has(connection.status) && (
        <>
          {' '}
          <button type="button" className="aui-button" onClick={() => connection.retry()}>
            <IconReconnect />{t('connection.retry')}
          </button>
        </>
      )}
    </p>
  );
}

