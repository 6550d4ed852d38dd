// The server side: the workbench's HTML, with the lazily loaded parts loaded first (preloadKit),
// as the README tells a server to do.
import { renderToString } from 'react-dom/server';
import { preloadKit } from '../../src';
import { App, makeStore } from './app';

export async function render(virtualize: boolean): Promise<string> {
  await preloadKit();
  return renderToString(<App store={makeStore()} virtualize={virtualize} />);
}
