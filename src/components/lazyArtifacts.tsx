import { lazyComponent } from './lazyComponent';
import { lazyPart } from './lazyPart';

// The artifact card, its previews and its dialog are a chunk of their own (the dialog alone was
// 14 KB gzip of the first screen): the conversation and the workbench load it with their first artifact.

/** The artifact module, loaded on first use (or by `preloadKit`). */
export const artifactModule = lazyPart(() => import('./ArtifactCard'));

/** The artifact view of the workbench's side panel (shared with the card's dialog), loaded when an artifact first opens. */
export const workspaceModule = lazyPart(() => import('./ArtifactWorkspace'));

/** `ArtifactCard`, loaded with the first artifact shown. */
export const LazyArtifactCard = lazyComponent(artifactModule, (m) => m.ArtifactCard, () => <article className="aui-artifact" data-loading="" aria-busy="true" />);

/** `ArtifactList`, loaded when the artifacts lane first shows. */
export const LazyArtifactList = lazyComponent(artifactModule, (m) => m.ArtifactList, () => <div className="aui-artifact-list" aria-busy="true" />);

/** `ArtifactView`, loaded when the workbench first opens an artifact in its side panel. */
export const LazyArtifactView = lazyComponent(workspaceModule, (m) => m.ArtifactView, () => <div className="aui-artifact-workspace" aria-busy="true" />);
