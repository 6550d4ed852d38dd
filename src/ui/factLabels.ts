// The fact badge's own words, apart from the labels table: FactBadge alone reads only these
// (the whole table is 3.8 KB gzip of a badge's budget). DEFAULT_LABELS includes them.

/** The default words and reasons of the fact states (`fact.unknown`, `fact.why.stale` ...). */
export const FACT_LABELS = {
  'fact.unknown': 'Unknown',
  'fact.unavailable': 'Unavailable',
  'fact.blocked': 'Blocked',
  'fact.stale': 'Stale',
  'fact.loading': 'Loading',
  'fact.needs-input': 'Needs input',
  'fact.failed': 'Failed',
  'fact.disputed': 'Disputed',
  'fact.why.unknown': 'The runtime sent this fact without enough to identify it.',
  'fact.why.unavailable': 'This runtime does not provide this fact.',
  'fact.why.blocked': 'A permission, quota, routing or policy fact stops this.',
  'fact.why.stale': 'The stream broke; this view waits for repair.',
  'fact.why.loading': 'Loading from the runtime.',
  'fact.why.needs-input': 'The runtime is waiting for your answer.',
  'fact.why.failed': 'The runtime reported a failure.',
  'fact.why.disputed': 'Evidence and review disagree.',
} as const;
