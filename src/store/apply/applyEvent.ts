import type { RuntimeEventEnvelope } from '../../protocol/events';
import type { ApplyContext } from './context';
import { applyActionEvent, applyPermissionEvent } from './actions';
import { applyArtifactEvent } from './artifacts';
import { applyProcessFact, applyRuntimeDiagnostic } from './diagnostics';
import { applyEvidenceEvent } from './evidence';
import { applyQueueChanged, applyRunStatus, applySessionEvent, applyThreadEvent, applyTurnEvent } from './lifecycle';
import { applyModelEvent, applyReasoningEvent } from './messages';
import { applyLimitEvent, applyRoutingEvent } from './routingLimits';
import { applySubagentEvent } from './subagents';
import { applyTaskEvent } from './tasks';
import { clearBlockOnProgress } from './progress';
import { applyReadModelDocument, hydrateMessages } from '../applyReadModel';
import { isPlainObject } from '../../protocol/eventFieldRules';
import { applyOutputEvent, applyToolEvent } from './tools';

/** Routes one normalized event to its family's reducer. Snapshots are handled by the store itself. */
export function applyEvent(ctx: ApplyContext, event: RuntimeEventEnvelope): void {
  clearBlockOnProgress(ctx, event);
  const type = event.type;
  const family = type.slice(0, type.indexOf('.'));
  switch (family) {
    case 'session':
      return applySessionEvent(ctx, event);
    case 'thread':
      return applyThreadEvent(ctx, event);
    case 'turn':
      return applyTurnEvent(ctx, event);
    case 'run':
      return applyRunStatus(ctx, event);
    case 'queue':
      return applyQueueChanged(ctx, event);
    case 'model':
      return applyModelEvent(ctx, event);
    case 'reasoning':
      return applyReasoningEvent(ctx, event);
    case 'tool':
      return type === 'tool.catalog.resolved' ? applyProcessFact(ctx, event) : applyToolEvent(ctx, event);
    case 'output':
      if (!applyOutputEvent(ctx, event)) applyProcessFact(ctx, event);
      return;
    case 'action':
      return applyActionEvent(ctx, event);
    case 'permission':
    case 'sandbox':
      return applyPermissionEvent(ctx, event);
    case 'artifact':
      return applyArtifactEvent(ctx, event);
    case 'evidence':
    case 'review':
      return applyEvidenceEvent(ctx, event);
    case 'task':
      return type === 'task.profile.resolved' ? applyRoutingEvent(ctx, event) : applyTaskEvent(ctx, event);
    case 'subagent':
      return applySubagentEvent(ctx, event);
    case 'routing':
      return applyRoutingEvent(ctx, event);
    case 'cost':
    case 'rate_limit':
    case 'quota':
    case 'limit':
      return applyLimitEvent(ctx, event);
    case 'runtime':
      return applyRuntimeDiagnostic(ctx, event);
    case 'messages':
      if (Array.isArray(event.payload.messages)) hydrateMessages(ctx, event.payload.messages.filter(isPlainObject), event.threadId);
      return;
    case 'snapshot': {
      // snapshot.updated may carry the snapshot itself; otherwise it only marks a durable point. It
      // takes the door applyReadModel takes: the same guards, the same merge.
      const snapshot = isPlainObject(event.payload.snapshot) ? event.payload.snapshot : event.payload;
      if (type === 'snapshot.updated' && applyReadModelDocument(ctx, snapshot, event.sequence).kind !== 'unknown') return;
      return applyProcessFact(ctx, event);
    }
    default:
      // hook, policy, process, context, history, job, channel, benchmark, agent.handoff,
      // worker.notification, snapshot.repaired: archived as process facts.
      return applyProcessFact(ctx, event);
  }
}
