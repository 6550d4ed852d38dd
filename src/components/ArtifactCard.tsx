import { forwardRef, memo, useState, type ComponentPropsWithoutRef } from 'react';
import { SafeText, useDisplayName } from './safeText';
import { dataWord } from './dataWord';
import { useRuntimeSelector } from '../hooks/useRuntimeSelector';
import type { ArtifactRecord } from '../store/records';
import type { LabelKey, Labels } from '../ui/labels';
import { ArtifactBody, artifactVersions, currentVersion, DiffLines, useArtifactText } from './artifactContent';
import { useArtifactPanel } from './artifactPanel';
import { ArtifactWorkspace, ExportState, KindBadge, kindIcon, StatusText } from './ArtifactWorkspace';
import { FactBadge } from './FactBadge';
import { classes } from './format';
import { IconPanel } from './icons';
import { RefAction, type OpenRef } from './RefLink';
import { useLabels, type Translate } from './useLabels';
import type { RefLoader } from './useRefContent';
import { VirtualList } from './VirtualList';

/** The inline preview on a card: a glance, not the document (the workspace shows it whole). */
const INLINE_BUDGET = 1_200;

/** States in which an artifact has nothing to open yet, or no longer. */
const NOT_OPENABLE = new Set(['failed', 'creating', 'pending', 'deleted', 'error']);

/** True when the workspace would show something: content, a ref to load, or a diff, in a usable state. */
export function artifactOpenable(artifact: ArtifactRecord): boolean {
  if (artifact.status !== undefined && NOT_OPENABLE.has(artifact.status)) return false;
  return artifactVersions(artifact).some((v) => v.preview !== undefined || v.ref !== undefined || v.diffRef !== undefined);
}

/** Which version this is, as text ("v2 of 2"); the workspace's picker switches between them. */
function VersionText({ artifact, t }: { artifact: ArtifactRecord; t: Translate }) {
  const count = artifact.versionIds.length;
  if (count === 0) return null;
  const at = artifact.currentVersionId === undefined ? -1 : artifact.versionIds.indexOf(artifact.currentVersionId);
  return (
    <span className="aui-pill aui-artifact__versions" data-versions={count}>
      {at >= 0 ? t('artifact.version', { n: at + 1, count }) : t('artifact.versions')}
    </span>
  );
}

/** Ids and refs, behind the developer disclosure: for whoever needs them, out of the reading flow. */
function Ids({ artifact, t, listRefs }: { artifact: ArtifactRecord; t: Translate; listRefs: boolean }) {
  const rows: [LabelKey, string | undefined][] = [
    ['dev.artifactId', artifact.artifactId],
    ['dev.versionId', artifact.currentVersionId],
    ['dev.toolCallId', artifact.toolCallId],
    ...(listRefs ? ([['dev.readRef', artifact.readRef], ['dev.exportRef', artifact.exportRef]] as [LabelKey, string | undefined][]) : []),
  ];
  return (
    <details className="aui-dev-details aui-artifact__ids">
      <summary>{t('dev.details')}</summary>
      <dl>
        {rows
          .filter((row): row is [LabelKey, string] => row[1] !== undefined)
          .map(([key, value]) => (
            <div key={key} className="aui-tool-call__arg">
              <dt>{t(key)}</dt>
              <dd><code><SafeText>{value}</SafeText></code></dd>
            </div>
          ))}
      </dl>
    </details>
  );
}

/** The artifact's refs as labelled actions, when the app opens refs: its source, and its export once exported. */
function RefActions({ artifact, onOpenRef, t }: { artifact: ArtifactRecord; onOpenRef: OpenRef; t: Translate }) {
  return (
    <>
      {artifact.readRef !== undefined && <RefAction value={artifact.readRef} label={t('artifact.readRef')} onOpenRef={onOpenRef} />}
      {artifact.exportRef !== undefined && <RefAction value={artifact.exportRef} label={t('artifact.exportRef')} onOpenRef={onOpenRef} />}
    </>
  );
}

/** The current version's content as a glance on the card: its preview, else its diff. */
function InlinePreview({ artifact, loader, t }: { artifact: ArtifactRecord; loader?: RefLoader; t: Translate }) {
  const version = currentVersion(artifactVersions(artifact));
  const showDiff = version.preview === undefined && version.ref === undefined;
  const content = useArtifactText(version.preview, showDiff ? version.diffRef : version.ref, loader, INLINE_BUDGET);
  return (
    <div className="aui-artifact__inline" data-kind={dataWord(artifact.kind) ?? 'unknown'}>
      {showDiff && content.state === 'ready' ? (
        <DiffLines text={content.text} />
      ) : showDiff && content.state === 'unavailable' ? (
        <FactBadge fact="unavailable" text={t('fact.what.diff')} reason={version.diffRef} />
      ) : (
        <ArtifactBody artifact={artifact} version={version} content={content} budget={INLINE_BUDGET} t={t} />
      )}
    </div>
  );
}

/** Props of `ArtifactCard`; any other prop goes to its root element where it has one. */
export interface ArtifactCardProps extends Omit<ComponentPropsWithoutRef<'article'>, 'children'> {
  /** The artifact to render (its `artifactId` in the events). */
  artifactId: string;
  /** Opens the artifact somewhere of the app's choosing; by default the workspace dialog opens. */
  onOpen?: (artifactId: string) => void;
  /** Opens a ref the runtime gave (the artifact's source, its export) as an action; without it the refs are listed under Details. */
  onOpenRef?: OpenRef;
  /** Loads the content behind a ref (`outputRef`, `previewRef`...) on demand; without it such content is `unavailable`. */
  loadRef?: RefLoader;
  /** The most characters of a preview shown inline; longer content shows a cut preview and its ref. */
  previewBudget?: number;
  /** Show a preview on the card itself (image, text, code, markdown, diff). Default true. */
  inlinePreview?: boolean;
  /** Whether the workspace dialog is open (controlled); pair with `onOpenChange`. */
  open?: boolean;
  /** Whether the workspace dialog is open at first (uncontrolled). */
  defaultOpen?: boolean;
  /** Called when the workspace dialog opens or closes. */
  onOpenChange?: (open: boolean) => void;
  /** Overrides for this component's strings by key; the provider's `labels` and the English defaults apply otherwise. */
  labels?: Labels;
}

/** An artifact as a card: kind (or unknown), title, version, status, export state, a glance at its content. */
export const ArtifactCard = memo(
  forwardRef<HTMLElement, ArtifactCardProps>(function ArtifactCard(
    { artifactId, onOpen, onOpenRef, loadRef, previewBudget, inlinePreview = true, open: openProp, defaultOpen = false, onOpenChange, labels, className, ...rest },
    ref,
  ) {
    const artifact = useRuntimeSelector((s) => s.artifacts.byId.get(artifactId));
    const t = useLabels(labels);
    const panel = useArtifactPanel();
    const name = useDisplayName();
    const [ownOpen, setOwnOpen] = useState(defaultOpen);
    const open = openProp ?? ownOpen;
    const setOpen = (next: boolean) => {
      if (openProp === undefined) setOwnOpen(next);
      onOpenChange?.(next);
    };
    if (!artifact) {
      return (
        <article ref={ref} className={classes('aui-artifact', className)} data-kind="unknown" {...rest}>
          <FactBadge fact="unknown" text={t('fact.what.artifact')} reason={artifactId} />
        </article>
      );
    }
    const title = name(artifact.title ?? t('artifact.untitled'));
    const openable = artifactOpenable(artifact);
    const Icon = kindIcon(artifact.kind);
    // Where it opens: the app's handler, else the workbench's side panel, else the kit's dialog.
    const openIn = onOpen ?? panel;
    return (
      <article
        ref={ref}
        className={classes('aui-artifact', className)}
        data-kind={dataWord(artifact.kind) ?? 'unknown'}
        data-status={dataWord(artifact.status) ?? 'unknown'}
        data-export-state={dataWord(artifact.exportState)}
        data-tool-call-id={dataWord(artifact.toolCallId)}
        {...rest}
      >
        <div className="aui-artifact__header">
          <Icon className="aui-artifact__icon" />
          <span className="aui-artifact__title">{title}</span>
          <KindBadge artifact={artifact} t={t} />
          <VersionText artifact={artifact} t={t} />
          <StatusText artifact={artifact} t={t} />
          <ExportState artifact={artifact} t={t} />
        </div>
        {inlinePreview && openable && <InlinePreview artifact={artifact} loader={loadRef} t={t} />}
        <div className="aui-artifact__actions">
          {openable && (
            <button type="button" className="aui-button" aria-label={t('artifact.open', { title })} onClick={() => (openIn ? openIn(artifactId) : setOpen(true))}>
              <IconPanel />
              {t('artifact.openPlain')}
            </button>
          )}
          {onOpenRef && <RefActions artifact={artifact} onOpenRef={onOpenRef} t={t} />}
          <Ids artifact={artifact} t={t} listRefs={!onOpenRef} />
        </div>
        {!openIn && <ArtifactWorkspace artifactId={artifactId} open={open} onOpenChange={setOpen} loadRef={loadRef} previewBudget={previewBudget} labels={labels} />}
      </article>
    );
  }),
);

/** Props of `ArtifactList`; any other prop goes to its root element where it has one. */
export interface ArtifactListProps extends ComponentPropsWithoutRef<'div'> {
  /** Opens a ref the runtime gave (an artifact's source, its export); without it the refs are listed under Details. */
  onOpenRef?: OpenRef;
  /** Loads the content behind a ref (`outputRef`, `previewRef`...) on demand; without it such content is `unavailable`. */
  loadRef?: RefLoader;
  /** Overrides for this component's strings by key; the provider's `labels` and the English defaults apply otherwise. */
  labels?: Labels;
  /** Mount only the cards in view (default `true`); `false` renders every card (server rendering). */
  virtualize?: boolean;
}

/** Every artifact of the store as a card, in the order they appeared. */
export const ArtifactList = forwardRef<HTMLDivElement, ArtifactListProps>(function ArtifactList({ loadRef, onOpenRef, labels, virtualize, className, ...rest }, ref) {
  const ids = useRuntimeSelector((s) => s.artifacts.ids);
  const t = useLabels(labels);
  return (
    <div ref={ref} className={classes('aui-artifact-list', className)} role="group" aria-label={t('artifact.region')} {...rest}>
      {/* The full list, compact: previews are in the thread, where each artifact was made. Only the cards in view mount. */}
      <VirtualList
        as="div"
        keys={ids}
        estimateSize={72}
        virtualize={virtualize}
        renderRow={(id, rowProps) => <ArtifactCard {...rowProps} artifactId={id} loadRef={loadRef} onOpenRef={onOpenRef} labels={labels} inlinePreview={false} />}
      />
    </div>
  );
});
