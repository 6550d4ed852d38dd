// Everything: the headless core plus the React hooks and components.
export * from './headless';
export * from './hooks';
export * from './components';
