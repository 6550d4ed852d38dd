import { forwardRef, useCallback, useEffect, useId, useRef, useState, type ComponentPropsWithoutRef, type KeyboardEvent, type MouseEvent } from 'react';
import { Tabs } from './Tabs';
import { useRuntimeStore } from '../hooks/useRuntimeContext';
import { ArtifactPanel } from './artifactPanel';
import { LazyArtifactList, LazyArtifactView } from './lazyArtifacts';
import { lanesModule, LazyDiagnosticsPanel, LazyEvidenceLane, LazyProcessTimeline, LazySubagentRoster, LazyTaskCapsule } from './lazyLanes';
import { useIdlePreload } from './lazyPart';
import { LazyActionList, LazyToolGroup } from './lazyRows';
import { Composer } from './Composer';
import { Conversation, type ConversationComponents, type ConversationProps } from './Conversation';
import { IconClose, IconPanel } from './icons';
import { LiveAnnouncer } from './LiveAnnouncer';
import { classes } from './format';
import { LaneLabel } from './LaneLabel';
import { LaneNavigation } from './laneNavigation';
import type { Labels } from '../ui/labels';
import { RuntimeStatus } from './RuntimeStatus';
import { SurfaceBoundary } from './SurfaceBoundary';
import { useShellLabels } from './useShellLabels';
import { useLanesSheet } from './useLanesSheet';
import type { OpenRef } from './RefLink';
import type { RefLoader } from './useRefContent';
import { pickLane, selectLaneOccupancy, visibleLanes, type WorkbenchLane } from './workbenchLanes';
import { shallowEqual, useRuntimeSelector } from '../hooks/useRuntimeSelector';

export type { WorkbenchLane } from './workbenchLanes';

/** Props of `AgentWorkbench`; any other prop goes to its root element where it has one. */
export interface AgentWorkbenchProps extends ComponentPropsWithoutRef<'div'> {
  /** Overrides for this component's strings by key; the provider's `labels` and the English defaults apply otherwise. */
  labels?: Labels;
  /** Loads the content behind a ref (`outputRef`, `previewRef`...) on demand; without it such content is `unavailable`. */
  loadRef?: RefLoader;
  /** Called when the user opens a tool's full output; without it the ref is shown as text. */
  onOpenOutput?: ConversationProps['onOpenOutput'];
  /**
   * Retries a failed tool call (its id), in the thread and the Tools lane. Retry is offered only on
   * failures the runtime marked retryable, and only when this is given.
   */
  onRetry?: ConversationProps['onRetry'];
  /**
   * Opens a ref the runtime gave (an evidence pack or replay, an artifact's source or export):
   * called with the ref and its label. Without it web refs are links and the others are listed
   * under Details.
   */
  onOpenRef?: OpenRef;
  /**
   * The side lane shown first. Without it: the task when the runtime reported one, else the first
   * lane with something in it. The Task lane is offered only when there is a task.
   */
  defaultLane?: WorkbenchLane;
  /** `light`, `dark`, or follow the system (default). */
  theme?: 'light' | 'dark' | 'system';
  /** The clock for elapsed times and deadlines (default `Date.now`); tests and stories pass a fixed one. */
  now?: () => number;
  /** Mount only the rows in view (default `true`). Pass `false` for server rendering or short lists: every row renders. */
  virtualize?: boolean;
  /** Your own components for parts of the conversation (one tool by name, text, reasoning...); see `Conversation`. */
  components?: ConversationComponents;
}

/** What the workbench loads besides its shell (the thread's rows are the conversation's), preloaded once the page is idle. */
const LANE_PARTS = [lanesModule];

const hasRequests = (state: { actions: { ids: readonly string[] } }) => state.actions.ids.length > 0;

/** Follows an in-page link by moving focus (a hash change would scroll the host page and touch its URL). */
function skipTo(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  target.focus();
}

/**
 * The default layout an app drops in under one <RuntimeProvider>: status header, conversation and
 * composer, and side lanes for the task, tools, timeline, artifacts, evidence, team and
 * diagnostics. Every surface has its own error boundary. The layout follows the workbench's own
 * width (container queries): thread and lanes side by side when wide, the lanes in a sheet opened
 * from the header below that, one compact column in a side panel; the composer stays at the bottom.
 * @example
 * <RuntimeProvider adapter={adapter}>
 *   <AgentWorkbench style={{ height: '100dvh' }} loadRef={(ref) => fetch(`/refs/${ref}`).then((r) => r.text())} />
 * </RuntimeProvider>
 * // Give it a bounded height: the conversation scrolls inside itself and mounts only the rows in view.
 */
export const AgentWorkbench = forwardRef<HTMLDivElement, AgentWorkbenchProps>(function AgentWorkbench(
  { labels, loadRef, onOpenOutput, onRetry, onOpenRef, defaultLane, theme = 'system', now, virtualize, components, className, ...rest },
  ref,
) {
  const t = useShellLabels(labels);
  const store = useRuntimeStore();
  const report = (error: Error, surface: string) =>
    store.getState().recordDiagnostic({ code: 'surface_error', severity: 'error', message: `${surface} could not render: ${error.message}` });
  const boundary = (surface: string, node: React.ReactNode) => (
    <SurfaceBoundary surface={surface} onError={report} message={t('boundary.failed')}>
      {node}
    </SurfaceBoundary>
  );
  const scope = useId();
  // Which lanes hold something, not how much: a stream adding records does not re-render the workbench.
  const counts = useRuntimeSelector(selectLaneOccupancy, shallowEqual);
  // The requests' code loads with the first request (the list shows nothing before one is pending).
  const anyRequest = useRuntimeSelector(hasRequests);
  // The lanes' code (and the task capsule's) arrives in idle time if no lane asked first.
  useIdlePreload(LANE_PARTS);
  const [chosenLane, setLane] = useState<WorkbenchLane | undefined>(defaultLane);
  const lane = pickLane(counts, chosenLane);
  const lanes = useLanesSheet();
  const showLanes = lanes.show;
  // Opening evidence shows its lane, scrolls the record into the lane's window and focuses it once
  // it is mounted (the lane is virtualized: the record may not be in the document yet).
  const [revealEvidence, setRevealEvidence] = useState<{ evidenceId: string }>();
  const openEvidence = useCallback((evidenceId: string) => {
    setRevealEvidence({ evidenceId });
    setLane('evidence');
    // In a narrow box the lanes are a sheet: open it without taking focus from the record.
    showLanes(false);
  }, [showLanes]);
  const evidenceRevealed = useCallback(() => setRevealEvidence(undefined), []);
  // A link in the thread that opens a lane (a subagent's, the diagnostics) opens the sheet too when the lanes are one.
  const goToLane = useCallback(
    (next: string) => {
      setLane(next as WorkbenchLane);
      showLanes();
    },
    [showLanes],
  );
  // An artifact opened from a card: shown in the side panel (beside the thread, or as the sheet in a
  // narrow box) until closed; focus goes to its heading, and back to what opened it on close.
  const [artifact, setArtifact] = useState<string>();
  const artifactHeading = useRef<HTMLHeadingElement>(null);
  const artifactOpener = useRef<HTMLElement | null>(null);
  const sheetWasOpen = useRef(false);
  const openArtifact = useCallback(
    (artifactId: string) => {
      artifactOpener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      sheetWasOpen.current = lanes.open;
      setArtifact(artifactId);
      showLanes(false);
    },
    [showLanes, lanes.open],
  );
  const returnFocus = useRef(false);
  const closeArtifact = useCallback(() => {
    setArtifact(undefined);
    if (!sheetWasOpen.current) lanes.close();
    returnFocus.current = true;
  }, [lanes]);
  useEffect(() => {
    if (artifact !== undefined) return artifactHeading.current?.focus();
    if (!returnFocus.current) return;
    returnFocus.current = false;
    // Back to what opened it; an opener inside the lanes was replaced while the artifact showed: its lane's tab then.
    const opener = artifactOpener.current;
    (opener?.isConnected ? opener : lanes.sheetRef.current?.querySelector<HTMLElement>('[role="tab"][data-state="active"]'))?.focus();
  }, [artifact, lanes.sheetRef]);
  const onSideKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (artifact !== undefined && event.key === 'Escape' && !event.defaultPrevented) {
      event.preventDefault();
      closeArtifact();
      return;
    }
    lanes.onKeyDown(event);
  };
  const composerInputId = useId();
  const lanesId = useId();
  const artifactHeadingId = useId();
  return (
    <div ref={ref} className={classes('aui-root aui-workbench', className)} data-aui-theme={theme === 'system' ? undefined : theme} {...rest}>
      <a className="aui-skip-link" href={`#${composerInputId}`} onClick={(event) => skipTo(event, composerInputId)}>
        {t('workbench.skipToComposer')}
      </a>
      {/* The query container is this frame, not the root: a contained root would hold the kit's
          fixed overlays (the artifact dialog is portalled into the root). */}
      <LaneNavigation.Provider value={goToLane}>
      <ArtifactPanel.Provider value={openArtifact}>
      <div className="aui-workbench__frame">
        <div className="aui-workbench__layout" data-lanes-open={lanes.open || undefined} data-side={artifact !== undefined ? 'artifact' : 'lanes'}>
          <header className="aui-workbench__header">
            {boundary('RuntimeStatus', <RuntimeStatus labels={labels} />)}
            <button ref={lanes.toggleRef} type="button" className="aui-button aui-workbench__lanes-toggle" aria-expanded={lanes.open} aria-controls={lanesId} onClick={lanes.toggle}>
              <IconPanel />{t('workbench.lanes')}
            </button>
          </header>
          <main className="aui-workbench__main">
            {counts.tasks > 0 && boundary('TaskCapsule', <LazyTaskCapsule labels={labels} variant="compact" />)}
            {boundary(
              'Conversation',
              <Conversation labels={labels} loadRef={loadRef} onOpenOutput={onOpenOutput} onOpenEvidence={openEvidence} onRetry={onRetry} onOpenRef={onOpenRef} now={now} virtualize={virtualize} components={components} />,
            )}
            {anyRequest && boundary('ActionList', <LazyActionList labels={labels} now={now} detachedOnly virtualize={virtualize} className="aui-workbench__actions" />)}
            {boundary('Composer', <Composer labels={labels} inputId={composerInputId} />)}
          </main>
          <aside
            ref={lanes.sheetRef}
            id={lanesId}
            className="aui-workbench__lanes"
            aria-label={artifact !== undefined ? undefined : t('workbench.lanes')}
            aria-labelledby={artifact !== undefined ? artifactHeadingId : undefined}
            onKeyDown={onSideKeyDown}
          >
            {artifact !== undefined ? (
              boundary('ArtifactView', <LazyArtifactView artifactId={artifact} loadRef={loadRef} labels={labels} onClose={closeArtifact} headingId={artifactHeadingId} headingRef={artifactHeading} />)
            ) : (
            <Tabs.Root value={lane} onValueChange={(value) => setLane(value as WorkbenchLane)} className="aui-tabs">
              <div className="aui-workbench__lanes-bar">
                {/* The lanes' tabs, on as many rows as they need; arrows move between them. */}
                <Tabs.List className="aui-tabs__list" aria-label={t('workbench.lanes')}>
                  {visibleLanes(counts).map((lane) => (
                    <Tabs.Trigger key={lane} value={lane} className="aui-tabs__trigger">
                      <LaneLabel lane={lane} labels={labels} />
                    </Tabs.Trigger>
                  ))}
                </Tabs.List>
                <button type="button" className="aui-button aui-button--icon aui-workbench__lanes-close" data-sheet-only="" aria-label={t('workbench.closeLanes')} onClick={lanes.close}>
                  <IconClose />
                </button>
              </div>
              <div className="aui-workbench__lanes-body">
                <Tabs.Content value="tasks" className="aui-tabs__content">{boundary('TaskCapsule', <LazyTaskCapsule labels={labels} variant="expanded" aria-label={t('task.details')} />)}</Tabs.Content>
                <Tabs.Content value="tools" className="aui-tabs__content">{boundary('ToolGroup', <LazyToolGroup labels={labels} onOpenOutput={onOpenOutput} onOpenEvidence={openEvidence} onRetry={onRetry} virtualize={virtualize} defaultOpen={false} />)}</Tabs.Content>
                <Tabs.Content value="timeline" className="aui-tabs__content">{boundary('ProcessTimeline', <LazyProcessTimeline labels={labels} virtualize={virtualize} />)}</Tabs.Content>
                <Tabs.Content value="artifacts" className="aui-tabs__content">{boundary('ArtifactList', <LazyArtifactList labels={labels} loadRef={loadRef} onOpenRef={onOpenRef} virtualize={virtualize} />)}</Tabs.Content>
                <Tabs.Content value="evidence" className="aui-tabs__content">{boundary('EvidenceLane', <LazyEvidenceLane labels={labels} idScope={scope} onOpenRef={onOpenRef} virtualize={virtualize} reveal={revealEvidence} onRevealed={evidenceRevealed} />)}</Tabs.Content>
                <Tabs.Content value="team" className="aui-tabs__content">{boundary('SubagentRoster', <LazySubagentRoster labels={labels} virtualize={virtualize} />)}</Tabs.Content>
                <Tabs.Content value="diagnostics" className="aui-tabs__content">{boundary('DiagnosticsPanel', <LazyDiagnosticsPanel labels={labels} virtualize={virtualize} />)}</Tabs.Content>
              </div>
            </Tabs.Root>
            )}
          </aside>
        </div>
      </div>
      </ArtifactPanel.Provider>
      </LaneNavigation.Provider>
      {boundary('LiveAnnouncer', <LiveAnnouncer labels={labels} />)}
    </div>
  );
});
