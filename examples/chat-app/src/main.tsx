import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { RuntimeCapabilities } from 'agentui-kit';
import 'agentui-kit/styles.css';
import { App } from './App';

// What the runtime can do, as the bridge reports it (GET /api/capabilities); unknown if it does not answer.
const capabilities = await fetch('/api/capabilities')
  .then((response) => (response.ok ? (response.json() as Promise<RuntimeCapabilities | null>) : null))
  .catch(() => null);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App {...(capabilities !== null && { capabilities })} />
  </StrictMode>,
);
