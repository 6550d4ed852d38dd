import type { Labels } from '../ui/labels';
import { SHELL_LABELS, type ShellLabelKey } from '../ui/shellLabels';
import { useTranslate, type Translate } from './useTranslate';

/**
 * The first screen's labels (`SHELL_LABELS`), as `useLabels` gives them all: the shell's components
 * do not load the whole table. A key outside the shell's table does not compile.
 */
export function useShellLabels(overrides?: Labels): Translate<ShellLabelKey> {
  return useTranslate(SHELL_LABELS, overrides);
}
