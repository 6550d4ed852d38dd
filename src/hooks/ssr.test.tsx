// Runs in Node (no window, no document): rendering on a server must not touch browser globals.
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RuntimeProvider } from './RuntimeProvider';
import { useRuntimeSelector } from './useRuntimeSelector';
import { useRuntimeStream } from './useRuntimeStream';

function Page() {
  const stream = useRuntimeStream({ url: 'https://runtime.example/events' });
  const status = useRuntimeSelector((s) => s.session.stale);
  return <p>{`${stream.status} ${String(status)}`}</p>;
}

describe('server rendering', () => {
  it('renders with hooks and no browser globals', () => {
    expect(typeof window).toBe('undefined');
    expect(renderToString(<RuntimeProvider><Page /></RuntimeProvider>)).toBe('<p>connecting false</p>');
  });
});
