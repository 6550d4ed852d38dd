import { useChat } from '@ai-sdk/react';
import type { UIMessage, UIMessageChunk } from 'ai';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { bottomInView, startProbe } from './frameProbe';
import { deltaText, historyText, timedFeed, streamParams } from './streamContent';

// The peer page: the AI SDK's useChat with a plain list that scrolls to the bottom in a layout
// effect while the reader is near it (the usual hand-written chat), fed the same content as
// the kit's PinScene through a custom transport.

const scroller = () => document.querySelector('.peer-scroll');
const newestInView = () => {
  const list = scroller();
  return list?.lastElementChild ? bottomInView(list, list.lastElementChild) : undefined;
};

export function PeerAiSdk() {
  const { rate, deltas, history } = streamParams();
  const probe = useMemo(() => startProbe(newestInView), []);
  const initial = useMemo<UIMessage[]>(
    () => Array.from({ length: history }, (_, i) => ({ id: `h${i}`, role: i % 2 === 0 ? 'user' : 'assistant', parts: [{ type: 'text', text: historyText(i) }] })),
    [history],
  );
  const transport = useMemo(
    () => ({
      sendMessages: async () =>
        new ReadableStream<UIMessageChunk>({
          start(controller) {
            controller.enqueue({ type: 'start', messageId: 'live' });
            controller.enqueue({ type: 'text-start', id: 't' });
            timedFeed(
              deltas,
              rate,
              (from, to) => {
                probe.arrived(to - from);
                for (let i = from; i < to; i++) controller.enqueue({ type: 'text-delta', id: 't', delta: deltaText(i) });
              },
              () => {
                controller.enqueue({ type: 'text-end', id: 't' });
                controller.enqueue({ type: 'finish' });
                controller.close();
                probe.ended();
              },
            );
          },
        }),
      reconnectToStream: async () => null,
    }),
    [deltas, rate, probe],
  );
  const { messages, sendMessage } = useChat({ messages: initial, transport });
  const ref = useRef<HTMLDivElement>(null);
  const near = useRef(true);
  useLayoutEffect(() => {
    probe.updated();
    const el = ref.current;
    if (el && near.current) el.scrollTop = el.scrollHeight;
  }, [messages, probe]);
  useEffect(() => {
    const timer = setTimeout(() => void sendMessage({ text: 'Go on.' }), 500);
    return () => {
      clearTimeout(timer);
      probe.stop();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div
      ref={ref}
      className="peer-scroll"
      style={{ height: '100vh', overflowY: 'auto', padding: '0 12px', fontFamily: 'system-ui', fontSize: 14, lineHeight: 1.5 }}
      onScroll={(e) => {
        const el = e.currentTarget;
        near.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
      }}
    >
      {messages.map((m) => (
        <div key={m.id} style={{ padding: '8px 0', whiteSpace: 'pre-wrap' }}>
          <strong>{m.role === 'user' ? 'User' : 'Assistant'}</strong>
          {m.parts.map((p, i) => (p.type === 'text' ? <p key={i}>{p.text}</p> : null))}
        </div>
      ))}
    </div>
  );
}
