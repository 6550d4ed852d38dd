// What an artifact shows: each version's own content (inline, or behind a ref the app's loader
// reads) and its diff, drawn by kind: markdown as markdown, a diff with +/− gutters and coloured
// lines, code and text as text, an image only from a safe URL. Never the message text.
import type { ArtifactRecord } from '../store/records';
import { useDisplayPolicy, useDisplayText } from './displayPolicy';
import { allowedImageSrc, loadedImageSrc } from './imageSrc';
import { FactBadge } from './FactBadge';
import { Markdown } from './Markdown';
import { dataWord } from './dataWord';
import type { Translate } from './useLabels';
import { useRefContent, type RefLoader } from './useRefContent';

/** One version as a reader picks it: its number, whether it is the current one, and where its content is. */
export interface ArtifactVersionView {
  /** The runtime's version id; empty for an artifact that declared no versions. */
  versionId: string;
  /** 1-based, in the order the versions appeared. */
  n: number;
  current: boolean;
  /** Content the runtime sent inline. */
  preview?: string;
  /** Where the content is: its preview ref, else its source ref. */
  ref?: string;
  /** Where the change from the previous version is. */
  diffRef?: string;
}

/**
 * The artifact's versions, each with its own content as the events gave it. The current version
 * falls back to the record's refs when no event recorded its own (a read model carries only those).
 */
export function artifactVersions(artifact: ArtifactRecord): ArtifactVersionView[] {
  const own = (facts: { preview?: string; previewRef?: string; readRef?: string; diffRef?: string }) => ({
    preview: facts.preview,
    ref: facts.previewRef ?? facts.readRef,
    diffRef: facts.diffRef,
  });
  if (artifact.versionIds.length === 0) return [{ versionId: '', n: 1, current: true, ...own(artifact) }];
  return artifact.versionIds.map((versionId, i) => {
    const current = versionId === artifact.currentVersionId || (artifact.currentVersionId === undefined && i === artifact.versionIds.length - 1);
    const facts = artifact.versions?.find((v) => v.versionId === versionId);
    return { versionId, n: i + 1, current, ...(facts ? own(facts) : current ? own(artifact) : {}) };
  });
}

/** The version shown first: the current one. */
export const currentVersion = (versions: readonly ArtifactVersionView[]): ArtifactVersionView => versions.find((v) => v.current) ?? versions[versions.length - 1]!;

/** A version's text as loaded: ready (cut to the budget), loading, failed, or unavailable (nothing to load). */
export type ArtifactText = { state: 'ready'; text: string; cut: boolean } | { state: 'loading' } | { state: 'unavailable' } | { state: 'failed'; error: string };

/** Inline content as is, else the ref's content through the app's loader (only while `enabled`). */
export function useArtifactText(inline: string | undefined, ref: string | undefined, loader: RefLoader | undefined, budget: number, enabled = true): ArtifactText {
  const loaded = useRefContent(inline === undefined ? ref : undefined, loader, budget, enabled);
  const show = useDisplayText();
  if (inline !== undefined) {
    // Redacted before it is cut: a secret across the cut would lose the tail its patterns need.
    const shown = show(inline);
    return { state: 'ready', text: shown.slice(0, budget), cut: shown.length > budget };
  }
  if (loaded.state === 'ready' || loaded.state === 'failed') return loaded;
  // Before its effect runs the loader is idle: a ref it will load counts as loading already.
  return loaded.state === 'loading' || (ref !== undefined && loaded.state === 'idle' && enabled && loader) ? { state: 'loading' } : { state: 'unavailable' };
}

/** A unified diff, a line each: +/− in a gutter, additions and removals tinted, hunks and file headers quiet. */
export function DiffLines({ text: raw }: { text: string }) {
  // Runtime text: shown through the display policy like any other.
  const text = useDisplayText()(raw);
  return (
    <pre className="aui-artifact__diff aui-diff" tabIndex={0}>
      {text.split('\n').map((line, i) => {
        const kind = /^(diff --git|\+\+\+ |--- |index )/.test(line) ? 'file' : line.startsWith('@@') ? 'hunk' : line.startsWith('+') ? 'add' : line.startsWith('-') ? 'remove' : undefined;
        const marked = kind === 'add' || kind === 'remove' || (kind === undefined && line.startsWith(' '));
        // The line's own marker (+, -, space) is drawn as its gutter: copying the text copies the diff as it was.
        return (
          <span key={i} className="aui-diff__line" data-diff={kind}>
            <span className="aui-diff__gutter">{marked ? line[0] : ''}</span>
            <span>{marked ? line.slice(1) : line}</span>
            {'\n'}
          </span>
        );
      })}
    </pre>
  );
}

/** Content by kind, or the badge that says why there is none. */
export function ArtifactBody({ artifact, version, content, budget, t }: { artifact: ArtifactRecord; version: ArtifactVersionView; content: ArtifactText; budget: number; t: Translate }) {
  const { imageOrigins, text: show } = useDisplayPolicy();
  if (artifact.kind === 'image') {
    // Through the app's loader, or straight from an origin the app allows; never while pending.
    const url = content.state === 'ready' ? loadedImageSrc(content.text) : version.ref ? allowedImageSrc(version.ref, imageOrigins) : undefined;
    return url ? <img className="aui-artifact__image" src={url} alt={artifact.title !== undefined ? show(artifact.title) : t('artifact.untitled')} /> : <FactBadge fact="unavailable" text={t('fact.what.preview')} reason={t('artifact.noPreview')} />;
  }
  if (content.state === 'loading') return <FactBadge fact="loading" />;
  if (content.state === 'failed') return <FactBadge fact="failed" reason={content.error} />;
  if (content.state === 'unavailable') return <FactBadge fact="unavailable" text={t('fact.what.preview')} reason={t('artifact.noPreview')} />;
  // Previews are runtime text like any other: shown through the display policy (markdown redacts its own).
  return (
    <>
      {artifact.kind === 'markdown' || artifact.kind === 'document' ? (
        <Markdown text={content.text} />
      ) : artifact.kind === 'diff' ? (
        <DiffLines text={content.text} />
      ) : (
        <pre className="aui-artifact__text" data-kind={dataWord(artifact.kind)} tabIndex={0}>{show(content.text)}</pre>
      )}
      {content.cut && <p className="aui-muted aui-artifact-workspace__note">{t('artifact.previewCut', { size: budget })}</p>}
    </>
  );
}
