// agentui-kit/server: the runtime bridge (any adapter over HTTP, for Node, Next.js route handlers,
// Hono or Workers) and the loopback fixture server that replays a recording.
export { createRuntimeBridge, type RuntimeBridge, type RuntimeBridgeOptions, type BridgeFeed } from './runtimeBridge';
export { createEventLog, type EventLog, type EventLogOptions } from './eventLog';
export { toNodeHandler, type NodeHandlerOptions, type NodeRequestLike, type NodeResponseLike } from './nodeHandler';
export { startFixtureServer, type FixtureServer, type FixtureServerOptions } from './fixtureServer';
