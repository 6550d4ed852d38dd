import { lazyComponent } from './lazyComponent';
import { lazyPart } from './lazyPart';
import { boxPlaceholder } from './placeholders';

/** The composer's mode choice (steer or queue while a turn runs), loaded with the first turn or when the page is idle. */
export const composerModeModule = lazyPart(() => import('./ComposerMode'));

/** `ComposerMode`; until its module arrives, its empty box, busy and silent. */
export const LazyComposerMode = lazyComponent(composerModeModule, (m) => m.ComposerMode, boxPlaceholder('aui-composer__mode'));
