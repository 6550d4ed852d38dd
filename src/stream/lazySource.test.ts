import { describe, expect, it, vi } from 'vitest';
import { endpointSource } from './streamEndpoint';
import { lazyModule } from './lazyModule';
import { lazySource } from './lazySource';
import type { RuntimeEventSource, SourceHandlers } from './types';
import { webSocketSource } from './webSocketSource';

/** A module whose arrival the test controls, making sources that record what is done to them. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const arrived = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
  const made: { start: ReturnType<typeof vi.fn>; close: ReturnType<typeof vi.fn> }[] = [];
  const module = lazyModule(async () => {
    await arrived;
    return {
      make(): RuntimeEventSource {
        const source = { start: vi.fn(), close: vi.fn(), cursor: () => ({ sequence: 7 }) };
        made.push(source);
        return source;
      },
    };
  });
  return { module, made, resolve, reject };
}

const handlers = (): SourceHandlers => ({ events: vi.fn(), status: vi.fn() });

// The rarer sources (WebSocket, iterable, history) are chunks of their own: a source started before
// its chunk arrived starts once it has, one closed meanwhile never does, and once the chunk is there
// a source starts at once, as a static one did.
describe('lazySource', () => {
  it('starts the source once its module arrives, then at once; closes it and reads its cursor', async () => {
    const { module, made, resolve } = deferred();
    const source = lazySource(module, (m) => m.make(), false);
    const first = handlers();
    source.start(first);
    expect(made).toHaveLength(0);
    expect(source.cursor()).toBeUndefined();
    resolve();
    await module.load();
    await Promise.resolve();
    expect(made).toHaveLength(1);
    expect(made[0]!.start).toHaveBeenCalledWith(first);
    expect(source.cursor()).toEqual({ sequence: 7 });
    source.close();
    expect(made[0]!.close).toHaveBeenCalledTimes(1);
    // Loaded: a restart is immediate, on the same source.
    const second = handlers();
    source.start(second);
    expect(made).toHaveLength(1);
    expect(made[0]!.start).toHaveBeenLastCalledWith(second);
    expect(source.resumeFrom).toBeUndefined();
  });

  it('a source closed before its module arrived never starts; a restart meanwhile starts once', async () => {
    const { module, made, resolve } = deferred();
    const closed = lazySource(module, (m) => m.make(), false);
    closed.start(handlers());
    closed.close();
    const restarted = lazySource(module, (m) => m.make(), true);
    restarted.start(handlers());
    restarted.close();
    const latest = handlers();
    restarted.start(latest);
    resolve();
    await module.load();
    await Promise.resolve();
    expect(made).toHaveLength(1);
    expect(made[0]!.start).toHaveBeenCalledTimes(1);
    expect(made[0]!.start).toHaveBeenCalledWith(latest);
    expect(typeof restarted.resumeFrom).toBe('function');
  });

  it('a module that cannot load is the connection error', async () => {
    const { module, reject } = deferred();
    const source = lazySource(module, (m) => m.make(), false);
    const h = handlers();
    source.start(h);
    reject(new Error('Failed to fetch dynamically imported module'));
    await module.load().catch(() => undefined);
    await Promise.resolve();
    expect(h.status).toHaveBeenCalledWith('error', { error: 'Failed to fetch dynamically imported module' });
  });

  it('a WebSocket endpoint resumes after a cursor as webSocketSource does', () => {
    const direct = webSocketSource('ws://runtime.example/events');
    expect(typeof endpointSource({ url: 'ws://runtime.example/events', transport: 'websocket' }).resumeFrom).toBe(typeof direct.resumeFrom);
    direct.close();
  });
});
