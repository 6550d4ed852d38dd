// The server side: the workbench's HTML, with the markdown parser loaded first (preloadMarkdown),
// as the README tells a server to do.
import { renderToString } from 'react-dom/server';
import { preloadMarkdown } from '../../src';
import { App, makeStore } from './app';

export async function render(virtualize: boolean): Promise<string> {
  await preloadMarkdown();
  return renderToString(<App store={makeStore()} virtualize={virtualize} />);
}
