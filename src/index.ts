// Everything: the headless core plus (as they land) the React hooks and components.
export * from './headless';
