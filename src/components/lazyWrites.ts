import { runtimeActionsModule } from '../stream/lazyRuntimeActions';
import { lazyPart } from './lazyPart';

/**
 * The provider's writes (`RuntimeActions`: send, answers, retries): their code loads in idle time
 * once a composer shows, with the first write, or by `preloadKit`.
 */
export const writesModule = lazyPart(runtimeActionsModule.load);
