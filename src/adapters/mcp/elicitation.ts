import type { JsonObject, RuntimeEventEnvelope } from '../../protocol/events';
import type { RespondActionInput } from '../../protocol/providerAdapter';
import type { AdapterSession } from '../core/adapterSession';

/** An MCP `elicitation/create` request as the client's request handler receives it (SDK `ElicitRequest`). */
export interface McpElicitRequest {
  method: 'elicitation/create';
  /** The SDK types it optional; a request without it asks nothing the card could show (question unknown). */
  params?: {
    message?: string;
    /** Form mode: the JSON schema of what the server asks for. */
    requestedSchema?: Record<string, unknown>;
    /** URL mode: the page the user goes to. */
    mode?: string;
    url?: string;
    elicitationId?: string;
  };
}

/** What the client answers an elicitation with (SDK `ElicitResult`). */
export interface McpElicitResult {
  [key: string]: unknown;
  action: 'accept' | 'decline' | 'cancel';
  content?: Record<string, unknown>;
}

interface Pending {
  resolve(result: McpElicitResult): void;
  turnId: string;
  toolCallId?: string;
}

const ACCEPT = new Set(['answer', 'submit', 'accept', 'allow', 'approve', 'yes']);
const DECLINE = new Set(['decline', 'deny', 'reject', 'no']);

/**
 * MCP elicitation as the kit's input cards: a server's `elicitation/create` becomes an
 * `action.required` (its message the question, its `requestedSchema` the form), linked to the
 * tool call the server asked from when one call is in flight; `respondAction` answers it
 * (`answer` with `{ values }` accepts with that content, `decline`/`deny` declines, `cancel`
 * cancels), and the card resolves once the answer went back to the server. The app registers
 * `handle` on its client: `client.setRequestHandler(ElicitRequestSchema, adapter.elicit)`.
 */
export class Elicitations {
  private readonly pending = new Map<string, Pending>();
  private count = 0;

  constructor(
    private readonly session: AdapterSession,
    private readonly context: () => { turnId: string; toolCallId?: string },
  ) {}

  private emit(type: string, ids: JsonObject, payload: JsonObject): RuntimeEventEnvelope {
    return this.session.record(this.session.factory.event(type, ids, payload));
  }

  /** The client's handler for `elicitation/create`: settles when the user answers (or the turn ends). */
  readonly handle = (request: McpElicitRequest): Promise<McpElicitResult> => {
    const { turnId, toolCallId } = this.context();
    this.count += 1;
    const actionId = `${turnId}:elicitation:${this.count}`;
    const { message, requestedSchema, url } = request.params ?? {};
    this.emit('action.required', { turnId, actionId, ...(toolCallId !== undefined && { toolCallId }) }, {
      actionType: url !== undefined ? 'elicitation_url' : 'elicitation',
      ...(message !== undefined && { prompt: message }),
      ...(requestedSchema !== undefined && { schema: requestedSchema as JsonObject }),
      ...(url !== undefined && { url }),
    });
    return new Promise((resolve) => this.pending.set(actionId, { resolve, turnId, ...(toolCallId !== undefined && { toolCallId }) }));
  };

  /** Whether `respondAction` should come here. */
  has(actionId: string): boolean {
    return this.pending.has(actionId);
  }

  /** The user's answer goes back to the server; the card resolves with it. */
  answer(input: RespondActionInput): RuntimeEventEnvelope {
    const pending = this.pending.get(input.actionId)!;
    const decision = input.decision.toLowerCase();
    const values = input.payload?.values;
    let result: McpElicitResult;
    if (ACCEPT.has(decision)) result = { action: 'accept', ...(typeof values === 'object' && values !== null && { content: values as Record<string, unknown> }) };
    else if (DECLINE.has(decision)) result = { action: 'decline' };
    else if (decision === 'cancel') result = { action: 'cancel' };
    else throw new Error(`an MCP elicitation is answered with answer, decline or cancel, not "${input.decision}"`);
    this.pending.delete(input.actionId);
    pending.resolve(result);
    return this.emit('action.resolved', { turnId: pending.turnId, actionId: input.actionId, ...(pending.toolCallId !== undefined && { toolCallId: pending.toolCallId }) }, { decision: input.decision });
  }

  /** The turn ended: requests nobody answered are cancelled, on the server too. */
  cancelTurn(turnId: string): void {
    for (const [actionId, pending] of [...this.pending]) {
      if (pending.turnId !== turnId) continue;
      this.pending.delete(actionId);
      pending.resolve({ action: 'cancel' });
      this.emit('action.cancelled', { turnId, actionId, ...(pending.toolCallId !== undefined && { toolCallId: pending.toolCallId }) }, { reason: 'The turn ended before the request was answered.' });
    }
  }
}
