import { Suspense } from 'react';
import type { ArtifactCardProps, ArtifactListProps } from './ArtifactCard';
import type { ArtifactViewProps } from './ArtifactWorkspace';
import { lazyPart, useServerRender } from './lazyPart';

// The artifact card, its previews and its dialog are a chunk of their own (the dialog alone was
// 14 KB gzip of the first screen): the conversation and the workbench load it with their first artifact.

/** The artifact module, loaded on first use (or by `preloadKit`). */
export const artifactModule = lazyPart(() => import('./ArtifactCard'));

/** The artifact view of the workbench's side panel (shared with the card's dialog), loaded when an artifact first opens. */
export const workspaceModule = lazyPart(() => import('./ArtifactWorkspace'));

function LoadedCard(props: ArtifactCardProps) {
  const module = artifactModule.useModule(useServerRender());
  return module ? <module.ArtifactCard {...props} /> : <article className="aui-artifact" data-loading="" aria-busy="true" />;
}

function LoadedList(props: ArtifactListProps) {
  const module = artifactModule.useModule(useServerRender());
  return module ? <module.ArtifactList {...props} /> : <div className="aui-artifact-list" aria-busy="true" />;
}

/** `ArtifactCard`, loaded with the first artifact shown. */
export function LazyArtifactCard(props: ArtifactCardProps) {
  return (
    <Suspense fallback={null}>
      <LoadedCard {...props} />
    </Suspense>
  );
}

/** `ArtifactList`, loaded when the artifacts lane first shows. */
export function LazyArtifactList(props: ArtifactListProps) {
  return (
    <Suspense fallback={null}>
      <LoadedList {...props} />
    </Suspense>
  );
}

function LoadedView(props: ArtifactViewProps) {
  const module = workspaceModule.useModule(useServerRender());
  return module ? <module.ArtifactView {...props} /> : <div className="aui-artifact-workspace" aria-busy="true" />;
}

/** `ArtifactView`, loaded when the workbench first opens an artifact in its side panel. */
export function LazyArtifactView(props: ArtifactViewProps) {
  return (
    <Suspense fallback={null}>
      <LoadedView {...props} />
    </Suspense>
  );
}
