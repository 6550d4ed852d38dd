import type { LimitEvent, RoutingEvent, RuntimeEventEnvelope, TaskEvent } from '../../protocol/events';
import { isPlainObject } from '../../protocol/eventFieldRules';
import { readCost, readNumber, readRouting, readString } from '../../protocol/payloadReaders';
import type { BlockReason, RoutingFacts } from '../records';
import type { ApplyContext } from './context';
import { ensureTurn, updateTurn } from './lifecycle';

function blockTurn(ctx: ApplyContext, event: RuntimeEventEnvelope, reason: BlockReason, detail: string | undefined): void {
  const turn = ensureTurn(ctx, event);
  if (turn) updateTurn(ctx, turn, { blocked: { reason, detail } });
}

export function applyRoutingEvent(ctx: ApplyContext, event: RoutingEvent | TaskEvent): void {
  const current: RoutingFacts = ctx.draft.scalar('routing') ?? { notPossible: false };
  const facts = readRouting(event);
  const next: RoutingFacts = { ...current, turnId: event.turnId ?? current.turnId };
  if (event.type === 'task.profile.resolved') {
    next.taskProfile = isPlainObject(event.taskProfile) ? event.taskProfile : event.payload;
  }
  if (facts.selectedModel !== undefined) next.selectedModel = facts.selectedModel;
  if (facts.candidateCount !== undefined) next.candidateCount = facts.candidateCount;
  else if (event.type === 'routing.single_candidate') next.candidateCount = 1;
  if (facts.decisionSource !== undefined) next.decisionSource = facts.decisionSource;
  if (facts.reason !== undefined) next.reason = facts.reason;
  if (event.type === 'routing.fallback.applied' && facts.fallbackModel !== undefined) {
    next.fallbackModel = facts.fallbackModel;
    next.selectedModel = facts.selectedModel ?? facts.fallbackModel;
  }
  if (event.type === 'routing.not_possible') {
    next.notPossible = true;
    blockTurn(ctx, event, 'routing', facts.reason);
  }
  ctx.draft.setScalar('routing', next);
  ctx.draft.record('routing', event.eventId, event, next.selectedModel);
}

export function applyLimitEvent(ctx: ApplyContext, event: LimitEvent): void {
  const facts = { ...ctx.draft.scalar('costLimits') };
  const p = event.payload;
  const detail = readString(p.message) ?? readString(p.detail) ?? readString(p.reason);
  switch (event.type) {
    case 'cost.estimated':
      facts.estimatedUsd = readCost(event).amountUsd ?? facts.estimatedUsd;
      break;
    case 'cost.recorded': {
      const cost = readCost(event);
      if (cost.amountUsd !== undefined) facts.recordedUsd = (facts.recordedUsd ?? 0) + cost.amountUsd;
      if (cost.inputTokens !== undefined) facts.inputTokens = (facts.inputTokens ?? 0) + cost.inputTokens;
      if (cost.outputTokens !== undefined) facts.outputTokens = (facts.outputTokens ?? 0) + cost.outputTokens;
      break;
    }
    case 'rate_limit.hit':
      facts.rateLimit = { at: event.timestamp, retryAfterMs: readNumber(p.retryAfterMs), detail };
      break;
    case 'quota.low':
      facts.quota = { state: 'low', at: event.timestamp, detail };
      break;
    case 'quota.blocked': {
      const resetsAt = readString(p.resetsAt) ?? readString(p.resetAt);
      const upgradeUrl = readString(p.upgradeUrl);
      facts.quota = { state: 'blocked', at: event.timestamp, detail, ...(resetsAt !== undefined && { resetsAt }), ...(upgradeUrl !== undefined && { upgradeUrl }) };
      blockTurn(ctx, event, 'quota', detail);
      break;
    }
    case 'limit.changed':
      facts.limits = isPlainObject(event.limitState) ? event.limitState : p;
      break;
  }
  ctx.draft.setScalar('costLimits', facts);
  ctx.draft.record('limit', event.eventId, event, detail);
}
