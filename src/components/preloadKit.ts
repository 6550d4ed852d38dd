import { artifactModule, workspaceModule } from './lazyArtifacts';
import { lanesModule } from './lazyLanes';
import { actionsModule, markdownModule, noticeModule, reasoningModule, toolsModule } from './lazyRows';
import { markdownRenderer } from './markdown/loadRenderer';
import { virtualCore } from './useLazyVirtualizer';
import { writesModule } from './lazyWrites';
import { statusProblemModule } from './lazyStatusProblem';
import { composerModeModule } from './lazyComposerMode';
import { formatNumber, formatUsd } from './format';

/** What `preloadKit` does besides loading the kit's chunks. */
export interface PreloadKitOptions {
  /**
   * Also renders the workbench once over a small sample session of its own, hidden, for a few
   * frames, then removes it (in a browser; skipped without a document). The first render of a
   * thread's rows in a page runs their code for the first time: in Chromium on a small machine,
   * one task of 50-100 ms when a long session opens, paid here instead. For apps that open long
   * histories. Default false.
   */
  rehearse?: boolean;
}

/** One rehearsal per page. */
let rehearsal: Promise<void> | undefined;

/**
 * Loads the parts of the kit that arrive as chunks of their own: the lists' virtualizer, the
 * markdown component and its parser, reasoning, the tool and request rows, the notice of a turn
 * that did not complete, the side lanes and task capsule, the artifact card and its dialog, the
 * provider's writes, the composer's mode choice and `RuntimeStatus.Problem`. Without it they load
 * when first shown or used (the rows, lanes, virtualizer, writes and mode choice also once the
 * page is idle); meanwhile a message shows its words as text and the others a placeholder of their
 * size. An app may call it at startup to fetch them early. A server should await it before
 * rendering, so its HTML is whole (otherwise those parts are rendered in the browser). It also
 * builds the default locale's number formats: the first one built costs a frame's worth of time
 * (~18 ms in Chromium), paid here rather than in the first render that shows a count; with
 * `rehearse`, the rows' first render too (see `PreloadKitOptions`).
 */
export async function preloadKit(options: PreloadKitOptions = {}): Promise<void> {
  formatNumber(1);
  formatUsd(1);
  await Promise.all([virtualCore, markdownModule, markdownRenderer, toolsModule, actionsModule, noticeModule, reasoningModule, lanesModule, artifactModule, workspaceModule, writesModule, statusProblemModule, composerModeModule].map((part) => part.load()));
  if (options.rehearse && typeof document !== 'undefined') {
    // A chunk of its own: an app that never asks for it does not load the workbench through it.
    rehearsal ??= import('./rehearsal').then(({ rehearse }) => rehearse());
    await rehearsal;
  }
}
