import { artifactModule, workspaceModule } from './lazyArtifacts';
import { markdownRenderer } from './markdown/loadRenderer';

/**
 * Loads the parts of the kit that arrive as chunks of their own (the markdown parser, the artifact
 * card and its dialog). Without it they load with the first message or artifact shown (the text shows
 * at once meanwhile); an app may call it at startup to fetch them early. A server should await it
 * before rendering, so its HTML is whole (otherwise those parts are rendered in the browser).
 */
export async function preloadKit(): Promise<void> {
  await Promise.all([markdownRenderer.load(), artifactModule.load(), workspaceModule.load()]);
}
