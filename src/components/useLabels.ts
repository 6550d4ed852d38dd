import { DEFAULT_LABELS, type Labels } from '../ui/labels';
import { useTranslate, type Translate } from './useTranslate';

export type { Translate } from './useTranslate';

/** Every label of the kit (the lazily loaded parts' hook): the provider's and the component's own prop over the English defaults. */
export function useLabels(overrides?: Labels): Translate {
  return useTranslate(DEFAULT_LABELS, overrides);
}
