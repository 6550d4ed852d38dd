import type { ActionRecord } from '../records';

/**
 * How a request asks: `approval` (approve / reject), `input` (a form from its JSON schema), `plan`
 * (a plan decision).
 */
export type ActionKind = 'approval' | 'input' | 'plan';

/** What a request asks for: fields to fill (its schema has properties), a plan decision, or an approval. */
export function actionKind(action: Pick<ActionRecord, 'schema' | 'actionType' | 'decisionKind'>): ActionKind {
  const properties = action.schema?.properties;
  if (properties && typeof properties === 'object' && Object.keys(properties).length > 0) return 'input';
  if (action.actionType?.includes('plan') || action.decisionKind?.includes('plan')) return 'plan';
  return 'approval';
}

/** How a resolved request ended, in one verb set for every request: approved, denied or answered. */
export type ActionOutcome = 'approved' | 'denied' | 'answered' | 'other';

const APPROVED = new Set(['allow', 'approve', 'approved', 'allowed', 'accept', 'yes']);
const DENIED = new Set(['deny', 'reject', 'rejected', 'denied', 'decline', 'no']);

/** The runtime's decision word mapped to the kit's verbs; a word the kit does not know stays `other`. */
export function actionOutcome(decision: string | undefined): ActionOutcome | undefined {
  if (decision === undefined) return undefined;
  const word = decision.toLowerCase();
  if (APPROVED.has(word)) return 'approved';
  if (DENIED.has(word)) return 'denied';
  if (word === 'answer' || word === 'answered' || word === 'submit') return 'answered';
  return 'other';
}
