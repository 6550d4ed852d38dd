// Vitest global setup: one line when the optional reference cross-check cannot run.
import { REFERENCE_SKIPPED_NOTE, referenceDir } from './referenceData';

export function setup(): void {
  if (!referenceDir()) console.log(`note: ${REFERENCE_SKIPPED_NOTE}`);
}
