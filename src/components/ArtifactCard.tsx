import { forwardRef, memo, useState, type ComponentPropsWithoutRef } from 'react';
import { allowedImageSrc, loadedImageSrc, useDisplayPolicy, useDisplayText } from './displayPolicy';
import { dataWord, SafeText, useDisplayName } from './safeText';
import * as Dialog from '@radix-ui/react-dialog';
import { Tabs } from './Tabs';
import { useRuntimeSelector } from '../hooks/useRuntimeSelector';
import type { ArtifactRecord } from '../store/records';
import { FactBadge } from './FactBadge';
import { classes } from './format';
import type { Labels } from '../ui/labels';
import { Markdown } from './Markdown';
import { useLabels, type Translate } from './useLabels';
import { valueLabel } from './valueLabel';
import { useRefContent, type RefLoader } from './useRefContent';
import { RefAction, type OpenRef } from './RefLink';
import { VirtualList } from './VirtualList';

const DEFAULT_BUDGET = 20_000;
/** The inline preview on a card: a glance, not the document (the workspace shows it whole). */
const INLINE_BUDGET = 1_200;

/** States in which an artifact has nothing to open yet, or no longer. */
const NOT_OPENABLE = new Set(['failed', 'creating', 'pending', 'deleted', 'error']);

/** True when the workspace would show something: content, a ref to load, or a diff, in a usable state. */
export function artifactOpenable(artifact: ArtifactRecord): boolean {
  if (artifact.status !== undefined && NOT_OPENABLE.has(artifact.status)) return false;
  return artifact.preview !== undefined || artifact.previewRef !== undefined || artifact.diffRef !== undefined;
}

function KindBadge({ artifact, t }: { artifact: ArtifactRecord; t: Translate }) {
  return artifact.kind !== undefined ? (
    <span className="aui-artifact__kind" data-kind={dataWord(artifact.kind)}>
      {valueLabel(t, 'kind', artifact.kind)}
    </span>
  ) : (
    <FactBadge fact="unknown" text={t('fact.what.kind')} reason={`${t('artifact.kind')}: ${t('fact.why.unknown')}`} />
  );
}

function StatusText({ artifact, t }: { artifact: ArtifactRecord; t: Translate }) {
  return artifact.status !== undefined ? (
    <span className="aui-artifact__status" data-status={dataWord(artifact.status)}>
      {valueLabel(t, 'state', artifact.status)}
    </span>
  ) : (
    <FactBadge fact="unknown" text={t('fact.what.status')} />
  );
}

/**
 * Which version this is, as text: the events give no per-version content to switch to, so the
 * versions are not drawn as buttons that would do nothing.
 */
function VersionRail({ artifact, t }: { artifact: ArtifactRecord; t: Translate }) {
  const count = artifact.versionIds.length;
  if (count === 0) return null;
  const at = artifact.currentVersionId === undefined ? -1 : artifact.versionIds.indexOf(artifact.currentVersionId);
  return (
    <span className="aui-artifact__versions" data-versions={count}>
      {at >= 0 ? t('artifact.version', { n: at + 1, count }) : t('artifact.versions')}
    </span>
  );
}

/** Ids and refs, behind a disclosure: for whoever needs them, out of the reading flow. */
function Ids({ artifact, t, listRefs }: { artifact: ArtifactRecord; t: Translate; listRefs: boolean }) {
  const refs = listRefs ? [artifact.readRef, artifact.exportRef] : [];
  const rows = [artifact.artifactId, artifact.currentVersionId, artifact.toolCallId, ...refs].filter((v): v is string => v !== undefined);
  return (
    <details className="aui-artifact__ids">
      <summary>{t('tool.details')}</summary>
      <p className="aui-muted">
        {rows.map((r, i) => (
          <code key={`${r}-${i}`}>
            {i > 0 && ' · '}
            <SafeText>{r}</SafeText>
          </code>
        ))}
      </p>
    </details>
  );
}

/** The artifact's refs as actions, when the app opens refs: its source, and its export once exported. */
function RefActions({ artifact, onOpenRef, t }: { artifact: ArtifactRecord; onOpenRef: OpenRef; t: Translate }) {
  return (
    <>
      {artifact.readRef !== undefined && <RefAction value={artifact.readRef} label={t('artifact.readRef')} onOpenRef={onOpenRef} />}
      {artifact.exportRef !== undefined && <RefAction value={artifact.exportRef} label={t('artifact.exportRef')} onOpenRef={onOpenRef} />}
    </>
  );
}

function ExportState({ artifact, t }: { artifact: ArtifactRecord; t: Translate }) {
  if (!artifact.exportState) return null;
  return (
    <span className="aui-artifact__export" data-export-state={dataWord(artifact.exportState)}>
      {artifact.exportState === 'failed' ? <FactBadge fact="failed" /> : null}
      {t(`artifact.export.${artifact.exportState}`)}
    </span>
  );
}

/** Preview by kind: markdown, code and text as text; images only from a safe URL. Size-capped. */
function Preview({ artifact, loader, budget, t }: { artifact: ArtifactRecord; loader?: RefLoader; budget: number; t: Translate }) {
  const { imageOrigins, text: show } = useDisplayPolicy();
  const byRef = useRefContent(artifact.preview === undefined ? artifact.previewRef : undefined, loader, budget);
  const loaded = artifact.preview ?? (byRef.state === 'ready' ? byRef.text : undefined);
  // Previews are runtime text like any other: shown through the display policy (a markdown preview redacts its own).
  const text = loaded === undefined || artifact.kind === 'markdown' || artifact.kind === 'document' ? loaded : show(loaded);
  if (artifact.kind === 'image') {
    // Through the app's loader, or straight from an origin the app allows; never while pending.
    const url = byRef.state === 'ready' ? loadedImageSrc(byRef.text) : artifact.previewRef ? allowedImageSrc(artifact.previewRef, imageOrigins) : undefined;
    return url ? <img className="aui-artifact__image" src={url} alt={artifact.title !== undefined ? show(artifact.title) : t('artifact.untitled')} /> : <FactBadge fact="unavailable" text={t('fact.what.preview')} reason={t('artifact.noPreview')} />;
  }
  if (text === undefined) {
    if (byRef.state === 'loading') return <FactBadge fact="loading" />;
    if (byRef.state === 'failed') return <FactBadge fact="failed" reason={byRef.error} />;
    return <FactBadge fact="unavailable" text={t('fact.what.preview')} reason={t('artifact.noPreview')} />;
  }
  return (
    <>
      {artifact.kind === 'markdown' || artifact.kind === 'document' ? (
        <Markdown text={text} />
      ) : artifact.kind === 'diff' ? (
        <DiffLines text={text} />
      ) : (
        <pre className="aui-artifact__text" data-kind={dataWord(artifact.kind)} tabIndex={0}>{text}</pre>
      )}
      {(byRef.state === 'ready' ? byRef.cut : artifact.preview !== undefined && artifact.preview.length > budget) && <p className="aui-muted">{t('artifact.previewCut', { size: budget })}</p>}
    </>
  );
}

function DiffLines({ text }: { text: string }) {
  return (
    <pre className="aui-artifact__diff">
      {text.split('\n').map((line, i) => (
        <span key={i} data-diff={line.startsWith('+') ? 'add' : line.startsWith('-') ? 'remove' : undefined}>
          {line}
          {'\n'}
        </span>
      ))}
    </pre>
  );
}

function Diff({ artifact, loader, budget, t }: { artifact: ArtifactRecord; loader?: RefLoader; budget: number; t: Translate }) {
  const diff = useRefContent(artifact.diffRef, loader, budget);
  const show = useDisplayText();
  if (diff.state === 'ready') return <DiffLines text={show(diff.text)} />;
  if (diff.state === 'loading') return <FactBadge fact="loading" />;
  if (diff.state === 'failed') return <FactBadge fact="failed" reason={diff.error} />;
  return <FactBadge fact="unavailable" text={t('fact.what.diff')} reason={artifact.diffRef} />;
}

/** Props of `ArtifactWorkspace`. */
export interface ArtifactWorkspaceProps {
  /** The artifact to render (its `artifactId` in the events). */
  artifactId: string;
  /** Where the dialog is portalled (the kit's root, so it keeps the theme). Defaults to the body. */
  container?: HTMLElement | null;
  /** Whether the workspace dialog is open (controlled). */
  open: boolean;
  /** Called when the dialog asks to open or close (Escape, the close button, a click outside). */
  onOpenChange: (open: boolean) => void;
  /** Loads preview and diff refs; without it they render `unavailable`. */
  loadRef?: RefLoader;
  /** The most characters of a preview shown inline; longer content shows a cut preview and its ref. */
  previewBudget?: number;
  /** Overrides for this component's strings by key; the provider's `labels` and the English defaults apply otherwise. */
  labels?: Labels;
}

/** The artifact opened in a dialog: preview and diff by ref, versions, export state. Never reads message text. */
export function ArtifactWorkspace({ artifactId, open, onOpenChange, loadRef, previewBudget = DEFAULT_BUDGET, labels, container }: ArtifactWorkspaceProps) {
  const artifact = useRuntimeSelector((s) => s.artifacts.byId.get(artifactId));
  const t = useLabels(labels);
  const name = useDisplayName();
  if (!artifact) return null;
  const title = name(artifact.title ?? t('artifact.untitled'));
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal container={container ?? undefined}>
        <Dialog.Overlay className="aui-dialog-overlay" />
        <Dialog.Content className="aui-dialog aui-artifact-workspace" data-kind={dataWord(artifact.kind) ?? 'unknown'}>
          <Dialog.Title className="aui-heading">{title}</Dialog.Title>
          <Dialog.Description className="aui-artifact__meta">
            <KindBadge artifact={artifact} t={t} /> <StatusText artifact={artifact} t={t} />
          </Dialog.Description>
          <VersionRail artifact={artifact} t={t} />
          <ExportState artifact={artifact} t={t} />
          <Tabs.Root defaultValue="preview" className="aui-tabs">
            <Tabs.List className="aui-tabs__list" aria-label={title}>
              <Tabs.Trigger value="preview" className="aui-tabs__trigger">{t('artifact.preview')}</Tabs.Trigger>
              {artifact.diffRef && <Tabs.Trigger value="diff" className="aui-tabs__trigger">{t('artifact.diff')}</Tabs.Trigger>}
            </Tabs.List>
            <Tabs.Content value="preview" className="aui-tabs__content">
              <Preview artifact={artifact} loader={loadRef} budget={previewBudget} t={t} />
            </Tabs.Content>
            {artifact.diffRef && (
              <Tabs.Content value="diff" className="aui-tabs__content">
                <Diff artifact={artifact} loader={loadRef} budget={previewBudget} t={t} />
              </Tabs.Content>
            )}
          </Tabs.Root>
          <Dialog.Close className="aui-button">{t('artifact.close')}</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
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

/** An artifact as a card: kind (or unknown), status, versions, export state, linked tool step. */
export const ArtifactCard = memo(
  forwardRef<HTMLElement, ArtifactCardProps>(function ArtifactCard(
    { artifactId, onOpen, onOpenRef, loadRef, previewBudget, inlinePreview = true, open: openProp, defaultOpen = false, onOpenChange, labels, className, ...rest },
    ref,
  ) {
    const artifact = useRuntimeSelector((s) => s.artifacts.byId.get(artifactId));
    const t = useLabels(labels);
    const name = useDisplayName();
    const [ownOpen, setOwnOpen] = useState(defaultOpen);
    const open = openProp ?? ownOpen;
    const setOpen = (next: boolean) => {
      if (openProp === undefined) setOwnOpen(next);
      onOpenChange?.(next);
    };
    const [container, setContainer] = useState<HTMLElement | null>(null);
    if (!artifact) {
      return (
        <article ref={ref} className={classes('aui-artifact', className)} data-kind="unknown" {...rest}>
          <FactBadge fact="unknown" text={t('fact.what.artifact')} reason={artifactId} />
        </article>
      );
    }
    const title = name(artifact.title ?? t('artifact.untitled'));
    const openable = artifactOpenable(artifact);
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
          <KindBadge artifact={artifact} t={t} />
          <span className="aui-artifact__title">{title}</span>
          <StatusText artifact={artifact} t={t} />
          <VersionRail artifact={artifact} t={t} />
          <ExportState artifact={artifact} t={t} />
        </div>
        {inlinePreview && openable && (
          <div className="aui-artifact__inline" data-kind={dataWord(artifact.kind) ?? 'unknown'}>
            {artifact.preview !== undefined || artifact.previewRef !== undefined ? (
              <Preview artifact={artifact} loader={loadRef} budget={INLINE_BUDGET} t={t} />
            ) : (
              <Diff artifact={artifact} loader={loadRef} budget={INLINE_BUDGET} t={t} />
            )}
          </div>
        )}
        <div className="aui-artifact__actions">
          {openable && (
            <button
              type="button"
              className="aui-button"
              aria-label={t('artifact.open', { title })}
              onClick={(event) => {
                if (onOpen) return onOpen(artifactId);
                setContainer(event.currentTarget.closest<HTMLElement>('.aui-root'));
                setOpen(true);
              }}
            >
              {t('artifact.openPlain')}
            </button>
          )}
          {onOpenRef && <RefActions artifact={artifact} onOpenRef={onOpenRef} t={t} />}
          <Ids artifact={artifact} t={t} listRefs={!onOpenRef} />
        </div>
        {!onOpen && <ArtifactWorkspace artifactId={artifactId} open={open} onOpenChange={setOpen} loadRef={loadRef} previewBudget={previewBudget} labels={labels} container={container} />}
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
