import type { JsonObject, RuntimeEventEnvelope } from '../../protocol/events';
import type { AdapterSession } from '../core/adapterSession';
import { withoutSecretKeys } from '../core/secretKeys';
import { DEFAULT_PREVIEW_BUDGET, toolOutputPayload } from '../core/toolOutput';
import { callFailure } from './failure';
import { readToolResult, resourcePayload, type McpResourceFacts } from './resultContent';
import { cutWhole } from '../../protocol/cutWhole';

/** An MCP progress notification's params (SDK `Progress`). */
export interface McpProgress {
  progress: number;
  total?: number;
  message?: string;
}

/** `tools/call` params, as `Client.callTool` takes them. */
export interface McpCallToolParams {
  name: string;
  arguments?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
}

/** The part of the SDK's `Client` the adapter uses: structural, so any 1.x client fits. */
export interface McpClientLike {
  callTool(params: McpCallToolParams, resultSchema?: undefined, options?: McpRequestOptions): Promise<unknown>;
  readResource?(params: { uri: string }, options?: McpRequestOptions): Promise<{ contents: { uri: string; text?: string; blob?: string; mimeType?: string }[] }>;
  getServerVersion?(): { name: string; version?: string } | undefined;
}

/** The SDK's per-request options the adapter passes through (`RequestOptions`). */
export interface McpRequestOptions {
  signal?: AbortSignal;
  timeout?: number;
  resetTimeoutOnProgress?: boolean;
  maxTotalTimeout?: number;
  onprogress?: (progress: McpProgress) => void;
}

/** One instrumented call: the SDK's request options plus where its facts belong. */
export interface McpCallOptions extends McpRequestOptions {
  /** The app's own id for this call (the model's tool call id); one is made when absent. */
  toolCallId?: string;
  /** The turn this call belongs to; the reporter's turn when absent. */
  turnId?: string;
  /** The assistant message the call belongs to (its row sits in that message); the turn's own when absent. */
  messageId?: string;
}

export interface McpToolCallsOptions {
  /** The turn calls belong to when a call names none. */
  turnId: () => string;
  previewBudget?: number;
  /** Told when a call starts and when it settles (the reporter brackets a turn of its own with them). */
  onCall?: { started(turnId: string): void; settled(turnId: string): void };
}

const isAbort = (signal: AbortSignal | undefined) => signal?.aborted === true;

/**
 * Reports an app's MCP tool calls as tool facts: `tool.started` and `tool.args` when the call
 * starts, each progress notification as `tool.progress`, the result as `tool.result` (large text
 * behind an `outputRef`), `isError` as `tool.failed` (`tool_error`), a thrown error as
 * `tool.failed` (`timeout`, `connection_closed`, `protocol_error`, or `cancelled` when the
 * caller's signal aborted it), and each linked or embedded resource as `artifact.changed`.
 * The call itself is the SDK's: the same result comes back, the same error is rethrown.
 */
export class McpToolCalls {
  private count = 0;
  /** Resource URIs a result linked: `loadRef` reads them from the server. */
  private readonly linked = new Set<string>();
  private readonly budget: number;
  /** Calls in flight: tool call id → turn. */
  private readonly inFlight = new Map<string, string>();

  constructor(
    private readonly client: McpClientLike,
    private readonly session: AdapterSession,
    private readonly options: McpToolCallsOptions,
  ) {
    this.budget = options.previewBudget ?? DEFAULT_PREVIEW_BUDGET;
  }

  private emit(type: string, ids: JsonObject, payload: JsonObject = {}): RuntimeEventEnvelope {
    return this.session.record(this.session.factory.event(type, ids, payload));
  }

  async call(params: McpCallToolParams, options: McpCallOptions = {}): Promise<unknown> {
    const { toolCallId: ownId, turnId: ownTurn, messageId, onprogress, ...request } = options;
    const turnId = ownTurn ?? this.options.turnId();
    this.count += 1;
    const ids = { ...this.session.ids.tool(ownId ?? `${turnId}:mcp-call-${this.count}`, turnId), ...(messageId !== undefined && { messageId }) };
    const server = this.client.getServerVersion?.()?.name;
    this.options.onCall?.started(turnId);
    this.inFlight.set(ids.toolCallId, turnId);
    this.emit('tool.started', ids, { toolName: params.name, ...(server !== undefined && { server }) });
    // Certain credentials never leave in an event; the rest as the model sent it (`env: 'prod'` stays).
    if (params.arguments !== undefined) this.emit('tool.args', ids, { args: withoutSecretKeys(params.arguments) as JsonObject });
    try {
      return await this.run(params, request, onprogress, ids);
    } finally {
      this.inFlight.delete(ids.toolCallId);
      this.options.onCall?.settled(turnId);
    }
  }

  /** The one call in flight in a turn, if exactly one is: where a server's request during a call belongs. */
  soleCallIn(turnId: string): string | undefined {
    const calls = [...this.inFlight].filter(([, turn]) => turn === turnId);
    return calls.length === 1 ? calls[0]![0] : undefined;
  }

  private async run(params: McpCallToolParams, request: McpRequestOptions, onprogress: McpRequestOptions['onprogress'], ids: JsonObject & { toolCallId: string }): Promise<unknown> {
    let result: { content?: unknown; structuredContent?: unknown; toolResult?: unknown; isError?: unknown };
    try {
      result = (await this.client.callTool(params, undefined, {
        ...request,
        onprogress: (progress) => {
          this.progress(ids, progress);
          onprogress?.(progress);
        },
      })) as typeof result;
    } catch (error) {
      this.emit('tool.failed', ids, callFailure(error, isAbort(request.signal)));
      throw error;
    }
    this.settle(ids, result);
    return result;
  }

  private progress(ids: JsonObject, { progress, total, message }: McpProgress): void {
    // A fraction only when the server says of how much: a bare count is not a percentage.
    const fraction = typeof total === 'number' && total > 0 ? Math.min(1, progress / total) : undefined;
    this.emit('tool.progress', ids, {
      ...(fraction !== undefined && { progress: fraction }),
      ...(message !== undefined && { message }),
      completed: progress,
      ...(total !== undefined && { total }),
    });
  }

  private settle(ids: JsonObject & { toolCallId: string }, result: { content?: unknown; structuredContent?: unknown; toolResult?: unknown; isError?: unknown }): void {
    const facts = readToolResult(result);
    const output = facts.text === '' ? {} : toolOutputPayload(ids.toolCallId, facts.text, this.budget, this.session.refs.spill);
    if (result.isError === true) {
      this.emit('tool.failed', ids, {
        failureCategory: 'tool_error',
        message: facts.text === '' ? 'The MCP tool reported an error (isError) without text.' : facts.text.slice(0, 500),
        ...output,
      });
    } else {
      this.emit('tool.result', ids, output);
    }
    for (const resource of facts.resources) this.resource(ids, resource);
  }

  /** A resource the result named becomes an artifact of this tool step, read on demand. */
  private resource(ids: JsonObject & { toolCallId: string }, resource: McpResourceFacts): void {
    const artifactId = `${ids.toolCallId}:resource:${resource.index}`;
    let readRef = resource.uri;
    let preview: string | undefined;
    if (resource.text !== undefined) {
      // Embedded contents are kept here, behind a ref, like a large output.
      readRef = this.session.refs.spill(`${ids.toolCallId}/resource-${resource.index}`, resource.text);
      preview = cutWhole(resource.text, this.budget);
    } else {
      this.linked.add(resource.uri);
    }
    this.emit('artifact.changed', { ...ids, artifactId }, resourcePayload(resource, readRef, preview));
  }

  /** A kept output, or a resource a result linked (read from the server with `resources/read`). */
  async load(ref: string): Promise<string> {
    if (!this.linked.has(ref)) return this.session.refs.load(ref);
    if (this.client.readResource === undefined) throw new Error(`the MCP client cannot read resources (${ref})`);
    const { contents } = await this.client.readResource({ uri: ref });
    const texts = contents.filter((c) => typeof c.text === 'string').map((c) => c.text!);
    if (texts.length === 0) throw new Error(`resource ${ref} has no text contents (binary: read it with client.readResource)`);
    return texts.join('\n');
  }
}
