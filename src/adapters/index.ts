// The framework-free adapter core and the adapter contract. Framework adapters live in their own
// subpath entries (`agentui-kit/adapters/<framework>`), so the kit never imports a framework.
export * from '../protocol/providerAdapter';
export * from './core';
