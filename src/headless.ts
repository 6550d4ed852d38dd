// The headless core: protocol, store and stream. Nothing in this graph imports React.
export * from './protocol';
export * from './store';
export * from './stream';
export * from './adapters';
