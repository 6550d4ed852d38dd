// Scenes whose state a recovery leaves behind: shown as they are in the designers' stories
// (Connection lost, Send failed) and driven to recovery in the Dev/Scenarios tests.
import { useMemo } from 'react';
import { Composer } from '../../src/components/Composer';
import { RuntimeStatus } from '../../src/components/RuntimeStatus';
import { useRuntimeStream } from '../../src/hooks/useRuntimeStream';
import type { RuntimeEventSource, RuntimeProviderAdapter, SourceHandlers } from '../../src/stream/types';
import { Cell, Matrix } from './Cell';
import { storyEvents } from './storyEvents';

const t = { turnId: 'turn-1' };

/**
 * A stream whose server went away: the source gives up (`error`); Reconnect calls the published
 * `retry()`, which resumes the source, and this one comes back.
 */
function deadServer(): RuntimeEventSource {
  let handlers: SourceHandlers | undefined;
  return {
    start(h) {
      handlers = h;
      h.status?.('reconnecting', { error: 'connection refused' });
      h.status?.('error', { error: 'server unreachable after 5 attempts' });
    },
    close: () => undefined,
    cursor: () => undefined,
    resumeFrom: () => handlers?.status?.('open'),
  };
}

function LiveStatus() {
  const source = useMemo(deadServer, []);
  useRuntimeStream(source, { flush: 'sync', repair: false });
  return <RuntimeStatus />;
}

/** The status header of a stream that gave up: the reason and Reconnect. */
export function ConnectionLostScene() {
  const events = useMemo(() => {
    const ev = storyEvents();
    return [ev('turn.submitted', t), ev('turn.started', t), ev('run.status', t, { stage: 'streaming' })];
  }, []);
  return (
    <Matrix label="Connection lost">
      <Cell caption="The stream gave up: the reason, and Reconnect" events={events}>
        <LiveStatus />
      </Cell>
    </Matrix>
  );
}

const quietAdapter: RuntimeProviderAdapter = {
  startTurn: async function* () {},
  cancelTurn: async () => ({ type: 'runtime.warning', eventId: 'c', timestamp: '2026-06-09T10:00:00Z', payload: {} }),
  respondAction: async () => ({ type: 'runtime.warning', eventId: 'r', timestamp: '2026-06-09T10:00:00Z', payload: {} }),
  readThread: async () => ({ threadId: 'thread-1', status: 'idle', turns: [] }),
};

/** A runtime that does not implement turns the first time (the fixture server answers 501): the first send fails. */
const failingOnce = (): RuntimeProviderAdapter => {
  let calls = 0;
  return {
    ...quietAdapter,
    startTurn: () =>
      (async function* () {
        if (++calls === 1) throw new Error('HTTP 501 Not Implemented');
        yield storyEvents()('turn.submitted', { turnId: 'turn-1' });
      })(),
  };
};

/** A composer whose first send fails: the text is kept, with the error and Send again. One adapter for the story's life. */
export function SendFailedScene() {
  const failing = useMemo(failingOnce, []);
  return (
    <Matrix label="Send failed">
      <Cell caption="The runtime refused the message: the text stays, with the reason and Send again" events={[]} adapter={failing}>
        <Composer />
      </Cell>
    </Matrix>
  );
}
