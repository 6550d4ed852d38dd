import { lazyComponent } from './lazyComponent';
import { lazyPart } from './lazyPart';
import { useStatus } from './runtimeStatusContext';

/** `RuntimeStatus.Problem`'s module (not in the default composition), loaded when a layout renders it, or by `preloadKit`. */
export const statusProblemModule = lazyPart(() => import('./RuntimeStatusProblem'));

/** Until its module arrives: nothing where the part would say nothing, else its empty box, busy and silent. */
function ProblemPlaceholder() {
  const { facts } = useStatus();
  return facts.stage === 'blocked' || facts.failure ? <span className="aui-runtime-status__problem" data-loading="" aria-busy="true" /> : null;
}

/** `RuntimeStatus.Problem`: a blocked turn's reason or a failure's category, retryability and hint. */
export const LazyStatusProblem = lazyComponent(statusProblemModule, (m) => m.Problem, ProblemPlaceholder);
