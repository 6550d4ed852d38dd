// The browser side: hydrates what the server rendered (ssr-csp.spec.ts), reporting recoverable errors.
import { hydrateRoot } from 'react-dom/client';
import { App, makeStore } from './app';

const errors: string[] = ((window as unknown as { __hydrationErrors: string[] }).__hydrationErrors = []);
const virtualize = document.getElementById('root')!.dataset.virtualize === 'true';
hydrateRoot(document.getElementById('root')!, <App store={makeStore()} virtualize={virtualize} />, {
  onRecoverableError: (error) => void errors.push(String(error instanceof Error ? error.message : error)),
});
(window as unknown as { __hydrated: boolean }).__hydrated = true;
