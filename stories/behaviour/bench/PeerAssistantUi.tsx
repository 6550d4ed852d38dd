import { AssistantRuntimeProvider, MessagePrimitive, ThreadPrimitive, useExternalStoreRuntime } from '@assistant-ui/react';
import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { bottomInView, startProbe } from './frameProbe';
import { deltaText, historyText, timedFeed, streamParams } from './streamContent';

// The peer page: assistant-ui 0.15's thread (Viewport with its own auto-scroll) on the
// external-store runtime, fed the same content as the kit's PinScene; the app's state holds
// the messages and appends each read's deltas to the last one.

interface Plain {
  id: string;
  role: 'user' | 'assistant';
  text: string;
}

const newestInView = () => {
  const messages = document.querySelectorAll('.peer-message');
  return bottomInView(document.querySelector('.peer-scroll'), messages[messages.length - 1]);
};

function Message() {
  return (
    <MessagePrimitive.Root className="peer-message" style={{ padding: '8px 0', whiteSpace: 'pre-wrap' }}>
      <MessagePrimitive.Parts />
    </MessagePrimitive.Root>
  );
}

export function PeerAssistantUi() {
  const { rate, deltas, history } = streamParams();
  const probe = useMemo(() => startProbe(newestInView), []);
  const [messages, setMessages] = useState<Plain[]>(() => Array.from({ length: history }, (_, i) => ({ id: `h${i}`, role: i % 2 === 0 ? 'user' : 'assistant', text: historyText(i) })));
  const [running, setRunning] = useState(false);
  const runtime = useExternalStoreRuntime<Plain>({
    messages,
    isRunning: running,
    convertMessage: (m) => ({ id: m.id, role: m.role, content: [{ type: 'text', text: m.text }] }),
    onNew: async () => undefined,
  });
  useLayoutEffect(() => probe.updated(), [messages, probe]);
  useEffect(() => {
    let stop = () => {};
    const timer = setTimeout(() => {
      setRunning(true);
      setMessages((list) => [...list, { id: 'live', role: 'assistant', text: '' }]);
      stop = timedFeed(
        deltas,
        rate,
        (from, to) => {
          probe.arrived(to - from);
          let text = '';
          for (let i = from; i < to; i++) text += deltaText(i);
          setMessages((list) => [...list.slice(0, -1), { ...list[list.length - 1]!, text: list[list.length - 1]!.text + text }]);
        },
        () => {
          setRunning(false);
          probe.ended();
        },
      );
    }, 500);
    return () => {
      clearTimeout(timer);
      stop();
      probe.stop();
    };
  }, [deltas, rate, probe]);
  return (
    <AssistantRuntimeProvider runtime={runtime}>
      <ThreadPrimitive.Root style={{ height: '100vh', display: 'flex', flexDirection: 'column', fontFamily: 'system-ui', fontSize: 14, lineHeight: 1.5 }}>
        <ThreadPrimitive.Viewport className="peer-scroll" style={{ flex: 1, overflowY: 'auto', padding: '0 12px' }}>
          <ThreadPrimitive.Messages components={{ Message }} />
        </ThreadPrimitive.Viewport>
      </ThreadPrimitive.Root>
    </AssistantRuntimeProvider>
  );
}
