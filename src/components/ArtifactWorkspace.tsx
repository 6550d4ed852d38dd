import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent, type Ref } from 'react';
import { Tabs } from './Tabs';
import { useRuntimeSelector } from '../hooks/useRuntimeSelector';
import type { ArtifactRecord } from '../store/records';
import type { Labels } from '../ui/labels';
import { ArtifactBody, artifactVersions, currentVersion, DiffLines, useArtifactText, type ArtifactText } from './artifactContent';
import { FactBadge } from './FactBadge';
import { IconCheck, IconClose, IconCode, IconCopy, IconDiff, IconDocument, IconDownload, IconImage, type KitIcon } from './icons';
import { useDisplayText } from './displayPolicy';
import { useDisplayName } from './safeText';
import { dataWord } from './dataWord';
import { useLabels, type Translate } from './useLabels';
import type { RefLoader } from './useRefContent';
import { valueLabel } from './valueLabel';

const DEFAULT_BUDGET = 20_000;
const COPIED_MS = 2_000;

/** The icon of an artifact's kind. */
export function kindIcon(kind: string | undefined): KitIcon {
  if (kind === 'image') return IconImage;
  if (kind === 'diff') return IconDiff;
  if (kind === 'code') return IconCode;
  return IconDocument;
}

/** The kind as a pill, or the badge that says it is unknown. */
export function KindBadge({ artifact, t }: { artifact: ArtifactRecord; t: Translate }) {
  return artifact.kind !== undefined ? (
    <span className="aui-pill aui-artifact__kind" data-kind={dataWord(artifact.kind)}>
      {valueLabel(t, 'kind', artifact.kind)}
    </span>
  ) : (
    <FactBadge fact="unknown" text={t('fact.what.kind')} reason={`${t('artifact.kind')}: ${t('fact.why.unknown')}`} />
  );
}

/** The runtime's status in words, or the badge that says it is unknown. */
export function StatusText({ artifact, t }: { artifact: ArtifactRecord; t: Translate }) {
  return artifact.status !== undefined ? (
    <span className="aui-artifact__status" data-status={dataWord(artifact.status)}>
      {valueLabel(t, 'state', artifact.status)}
    </span>
  ) : (
    <FactBadge fact="unknown" text={t('fact.what.status')} />
  );
}

/** Where its export is, in one state: exporting, exported, or failed (with its icon, never a second badge). */
export function ExportState({ artifact, t }: { artifact: ArtifactRecord; t: Translate }) {
  if (!artifact.exportState) return null;
  return (
    <span className="aui-artifact__export" data-export-state={dataWord(artifact.exportState)}>
      {artifact.exportState === 'exported' && <IconCheck />}
      {artifact.exportState === 'failed' && <IconClose />}
      {t(`artifact.export.${artifact.exportState}`)}
    </span>
  );
}

/** A file name for a download: the title when it has an extension, else the title with one for its kind. */
function fileName(artifact: ArtifactRecord, t: Translate): string {
  const title = (artifact.title ?? t('artifact.untitled')).replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '-');
  if (/\.[a-z0-9]{1,8}$/i.test(title)) return title;
  const ext = artifact.kind === 'markdown' || artifact.kind === 'document' ? 'md' : artifact.kind === 'diff' ? 'patch' : artifact.kind === 'html' ? 'html' : 'txt';
  return `${title}.${ext}`;
}

/** Copy and Download of what is shown, offered once it is loaded text (not an image). Copy says so, then resets. */
function ContentTools({ content, artifact, t }: { content: ArtifactText; artifact: ArtifactRecord; t: Translate }) {
  const [copied, setCopied] = useState(false);
  // What is shown is what leaves the page: the display policy's text, secrets replaced.
  const show = useDisplayText();
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  if (content.state !== 'ready' || artifact.kind === 'image') return null;
  const copy = () => void navigator.clipboard?.writeText(show(content.text)).then(() => setCopied(true), () => setCopied(false));
  const download = () => {
    const url = URL.createObjectURL(new Blob([show(content.text)], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName(artifact, t);
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };
  return (
    <div className="aui-artifact-workspace__tools">
      <button type="button" className="aui-button" onClick={copy}>
        {copied ? <IconCheck /> : <IconCopy />}
        <span aria-live="polite">{t(copied ? 'artifact.copied' : 'artifact.copy')}</span>
      </button>
      <button type="button" className="aui-button" onClick={download}>
        <IconDownload />
        {t('artifact.download')}
      </button>
    </div>
  );
}

/** Props of `ArtifactView`. */
export interface ArtifactViewProps {
  artifactId: string;
  loadRef?: RefLoader;
  previewBudget?: number;
  labels?: Labels;
  /** Shown as a close button in the header. */
  onClose?: () => void;
  /** The heading's id, for the dialog or panel that it names. */
  headingId?: string;
  /** The heading, to move focus to when the view opens in a panel. */
  headingRef?: Ref<HTMLHeadingElement>;
}

/**
 * The artifact whole: its title, kind, status and export; Preview and Diff of the version picked
 * (each version's own content, loaded by ref through the app's loader); Copy and Download.
 */
export function ArtifactView({ artifactId, loadRef, previewBudget = DEFAULT_BUDGET, labels, onClose, headingId, headingRef }: ArtifactViewProps) {
  const artifact = useRuntimeSelector((s) => s.artifacts.byId.get(artifactId));
  const t = useLabels(labels);
  const name = useDisplayName();
  const [chosen, setChosen] = useState<string>();
  const [tab, setTab] = useState<'preview' | 'diff'>('preview');
  const pickerId = useId();
  const versions = artifact ? artifactVersions(artifact) : [];
  const version = versions.find((v) => v.versionId === chosen) ?? (versions.length > 0 ? currentVersion(versions) : undefined);
  const preview = useArtifactText(version?.preview, version?.ref, loadRef, previewBudget, tab === 'preview');
  const diff = useArtifactText(undefined, version?.diffRef, loadRef, previewBudget, tab === 'diff');
  if (!artifact || !version) return null;
  const title = name(artifact.title ?? t('artifact.untitled'));
  const Icon = kindIcon(artifact.kind);
  const hasDiff = versions.some((v) => v.diffRef !== undefined);
  const shown = tab === 'diff' ? diff : preview;
  return (
    <div className="aui-artifact-workspace" data-kind={dataWord(artifact.kind) ?? 'unknown'} data-version={dataWord(version.versionId || undefined)}>
      <div className="aui-artifact-workspace__header">
        <div className="aui-artifact-workspace__title">
          <h2 id={headingId} ref={headingRef} tabIndex={-1} className="aui-heading">
            <Icon />
            {title}
          </h2>
          <p className="aui-artifact__meta">
            <KindBadge artifact={artifact} t={t} />
            <StatusText artifact={artifact} t={t} />
            <ExportState artifact={artifact} t={t} />
          </p>
        </div>
        {onClose && (
          <button type="button" className="aui-button aui-button--icon" aria-label={t('artifact.close')} onClick={onClose}>
            <IconClose />
          </button>
        )}
      </div>
      <Tabs.Root value={hasDiff ? tab : 'preview'} onValueChange={(value) => setTab(value as 'preview' | 'diff')} className="aui-tabs">
        <div className="aui-artifact-workspace__toolbar">
          <Tabs.List className="aui-tabs__list" aria-label={title}>
            <Tabs.Trigger value="preview" className="aui-tabs__trigger">{t('artifact.preview')}</Tabs.Trigger>
            {hasDiff && <Tabs.Trigger value="diff" className="aui-tabs__trigger">{t('artifact.diff')}</Tabs.Trigger>}
          </Tabs.List>
          {versions.length > 1 && (
            <span className="aui-artifact__version-picker">
              <label htmlFor={pickerId}>{t('artifact.versionPicker')}</label>
              <select id={pickerId} value={version.versionId} onChange={(e) => setChosen(e.target.value)}>
                {versions.map((v) => (
                  <option key={v.versionId} value={v.versionId}>
                    {t(v.current ? 'artifact.versionLatest' : 'artifact.versionN', { n: v.n })}
                  </option>
                ))}
              </select>
            </span>
          )}
          <ContentTools content={shown} artifact={artifact} t={t} />
        </div>
        <Tabs.Content value="preview" className="aui-artifact-workspace__body">
          <ArtifactBody artifact={artifact} version={version} content={preview} budget={previewBudget} t={t} />
        </Tabs.Content>
        {hasDiff && (
          <Tabs.Content value="diff" className="aui-artifact-workspace__body">
            {diff.state === 'ready' ? (
              <DiffLines text={diff.text} />
            ) : diff.state === 'loading' ? (
              <FactBadge fact="loading" />
            ) : diff.state === 'failed' ? (
              <FactBadge fact="failed" reason={diff.error} />
            ) : (
              <FactBadge fact="unavailable" text={t('fact.what.diff')} reason={t(version.diffRef === undefined ? 'artifact.noDiff' : 'artifact.noLoader')} />
            )}
          </Tabs.Content>
        )}
      </Tabs.Root>
    </div>
  );
}

/** Props of `ArtifactWorkspace`. */
export interface ArtifactWorkspaceProps {
  /** The artifact to render (its `artifactId` in the events). */
  artifactId: string;
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

/**
 * The artifact opened in a dialog: a native `<dialog>` shown modal (the browser traps focus, makes
 * the page inert and returns focus on close; the page's scroll is held by the kit's stylesheet, so
 * nothing injects a style element and a strict `style-src` CSP holds). Preview and diff by ref,
 * a version picker, Copy and Download. Never reads message text.
 */
export function ArtifactWorkspace({ artifactId, open, onOpenChange, loadRef, previewBudget, labels }: ArtifactWorkspaceProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  useEffect(() => {
    const node = dialog.current;
    if (!node) return;
    if (open && !node.open) {
      // jsdom and old browsers have no showModal: the attribute still shows it.
      if (typeof node.showModal === 'function') node.showModal();
      else node.setAttribute('open', '');
    } else if (!open && node.open) {
      if (typeof node.close === 'function') node.close();
      else node.removeAttribute('open');
    }
  }, [open]);
  // A click on the backdrop (outside the dialog's box) closes it, as a click outside did before.
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target !== event.currentTarget) return;
    const box = event.currentTarget.getBoundingClientRect();
    const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
    if (!inside) onOpenChange(false);
  };
  // Escape closes it here rather than through the browser's cancel (held back): one path for every
  // environment, and one onOpenChange(false) per close.
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    onOpenChange(false);
  };
  return (
    <dialog ref={dialog} className="aui-dialog" aria-labelledby={headingId} onClose={() => open && onOpenChange(false)} onClick={onClick} onKeyDown={onKeyDown}>
      {open && <ArtifactView artifactId={artifactId} loadRef={loadRef} previewBudget={previewBudget} labels={labels} headingId={headingId} onClose={() => onOpenChange(false)} />}
    </dialog>
  );
}

