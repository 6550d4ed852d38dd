// Its own module: only views loaded later than the first screen (the lanes, the rows, the requests,
// the artifacts) put a runtime word in a data attribute.

// A runtime word as a data attribute (`data-status`, `data-kind`...): those are styling and test
// hooks for vocabulary, so anything else (a secret-shaped or random value) becomes `other`.
const VOCABULARY = /^[A-Za-z][A-Za-z0-9]*(?:[_.:/-][A-Za-z0-9]+)*$/;
const MIXED_RUN = /(?=[A-Za-z]*[0-9])(?=[0-9]*[A-Za-z])[A-Za-z0-9]{12,}/;

/** `value` when it reads as a vocabulary word or id (`running`, `process_exit`, `tc-12`), else `other`; undefined stays undefined. */
export function dataWord(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  return value.length <= 48 && VOCABULARY.test(value) && !MIXED_RUN.test(value) ? value : 'other';
}
