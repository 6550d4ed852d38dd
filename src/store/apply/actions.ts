import type { ActionEvent, PermissionEvent, RuntimeEventEnvelope } from '../../protocol/events';
import { isPlainObject } from '../../protocol/eventFieldRules';
import { readAction, readActionResolution, readString } from '../../protocol/payloadReaders';
import type { ActionRecord } from '../records';
import type { ApplyContext } from './context';
import { ensureTurn, updateTurn } from './lifecycle';
import { appendPart, ensureMessage } from './messages';

/** The action an event names: decoded at the boundary (`resolveCorrelation`), read from one place. */
function actionIdOf(event: RuntimeEventEnvelope): string | undefined {
  return readString(event.actionId);
}

function requireAction(ctx: ApplyContext, event: RuntimeEventEnvelope, actionId: string): void {
  const facts = readAction(event);
  const existing = ctx.draft.get('actions', actionId);
  const record: ActionRecord = {
    ...(existing ?? { actionId, status: 'pending', requestedAt: event.timestamp }),
    turnId: existing?.turnId ?? event.turnId,
    threadId: existing?.threadId ?? event.threadId,
    toolCallId: existing?.toolCallId ?? event.toolCallId,
  };
  for (const key of Object.keys(facts) as (keyof typeof facts)[]) {
    if (facts[key] !== undefined) (record as unknown as Record<string, unknown>)[key] = facts[key];
  }
  ctx.draft.put('actions', actionId, record);
  if (existing) return;
  ctx.draft.record('action', actionId, event, facts.prompt);
  const turn = ensureTurn(ctx, event);
  if (turn) {
    ctx.draft.appendTo('turns', turn.turnId, 'actionIds', actionId);
    const message = ensureMessage(ctx, event);
    appendPart(ctx, event, message, 'action', { refId: actionId });
    ctx.draft.put('actions', actionId, { ...ctx.draft.get('actions', actionId)!, messageId: message.messageId });
  }
}

/**
 * Only a runtime fact resolves an action: action.resolved / cancelled / expired (or the
 * permission.resolved form). The UI's `responding` overlay is cleared here, never before.
 */
function resolveAction(ctx: ApplyContext, event: RuntimeEventEnvelope, actionId: string): void {
  const existing = ctx.draft.get('actions', actionId);
  if (existing && existing.status !== 'pending') {
    ctx.draft.diagnose({
      code: 'action_already_resolved',
      message: `action ${actionId} was already ${existing.status}; ${event.type} ignored`,
      eventId: event.eventId,
      type: event.type,
    });
    return;
  }
  if (!existing) requireAction(ctx, event, actionId);
  const record = ctx.draft.get('actions', actionId)!;
  const { decision, respondedBy, note, outcome } = readActionResolution(event);
  ctx.draft.put('actions', actionId, {
    ...record,
    status: outcome,
    resolvedAt: event.timestamp,
    ...(decision !== undefined && { decision }),
    ...(respondedBy !== undefined && { respondedBy }),
    ...(note !== undefined && { note }),
  });
  const responding = ctx.draft.scalar('responding');
  if (responding.has(actionId)) {
    const next = new Map(responding);
    next.delete(actionId);
    ctx.draft.setScalar('responding', next);
  }
}

export function applyActionEvent(ctx: ApplyContext, event: ActionEvent | PermissionEvent): void {
  const actionId = actionIdOf(event);
  if (actionId === undefined) return;
  switch (event.type) {
    case 'action.required':
    case 'action.updated':
    case 'permission.requested':
      requireAction(ctx, event, actionId);
      return;
    case 'action.resolved':
    case 'action.cancelled':
    case 'action.expired':
    case 'permission.resolved':
      resolveAction(ctx, event, actionId);
      return;
  }
}

/** Permission and sandbox facts feed the PermissionSandboxSummary; requests with an id are actions. */
export function applyPermissionEvent(ctx: ApplyContext, event: PermissionEvent): void {
  const permissions = ctx.draft.scalar('permissions');
  switch (event.type) {
    case 'permission.requested':
    case 'permission.resolved':
      if (actionIdOf(event) !== undefined) applyActionEvent(ctx, event);
      else ctx.draft.record('process', event.eventId, event);
      return;
    case 'permission.evaluated': {
      const decision = isPlainObject(event.permissionDecision) ? event.permissionDecision : event.payload;
      const mode = readString(event.payload.mode) ?? permissions.mode;
      ctx.draft.setScalar('permissions', { ...permissions, mode, decisions: [...permissions.decisions, decision] });
      return;
    }
    case 'sandbox.applied': {
      const profile = isPlainObject(event.sandboxProfile) ? event.sandboxProfile : event.payload;
      ctx.draft.setScalar('permissions', { ...permissions, sandboxProfile: profile });
      return;
    }
    case 'sandbox.violation': {
      ctx.draft.setScalar('permissions', { ...permissions, violations: [...permissions.violations, event.payload] });
      const turn = ensureTurn(ctx, event);
      if (turn) updateTurn(ctx, turn, { blocked: { reason: 'sandbox', detail: readString(event.payload.message) ?? readString(event.payload.detail) } });
      ctx.draft.record('process', event.eventId, event, 'sandbox violation');
      return;
    }
  }
}
