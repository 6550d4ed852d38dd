/** The profile ids one framework tool call maps to: tool events need all three (SPEC section 2). */
export interface ToolCorrelation {
  turnId: string;
  stepId: string;
  toolCallId: string;
}

/**
 * Maps a framework's own ids (run, step, tool call, interrupt or approval) to profile ids, so
 * every event of one framework object carries the same correlation and nothing is dropped as
 * `missing_correlation`. Ids are deterministic (`prefix` plus a counter, or the framework's id
 * when it has one), so recorded runs replay byte for byte.
 */
export class CorrelationMap {
  private readonly turns = new Map<string, string>();
  private readonly steps = new Map<string, number>();
  private readonly tools = new Map<string, ToolCorrelation>();
  private readonly actions = new Map<string, string>();
  private readonly actionSources = new Map<string, string>();
  private turnCount = 0;

  constructor(private readonly prefix = 'adapter') {}

  /** The profile turn id for a framework run id; a fresh one when the framework gives none. */
  turn(frameworkRunId?: string): string {
    if (frameworkRunId !== undefined) {
      const known = this.turns.get(frameworkRunId);
      if (known !== undefined) return known;
    }
    this.turnCount += 1;
    const turnId = `${this.prefix}-turn-${this.turnCount}`;
    if (frameworkRunId !== undefined) this.turns.set(frameworkRunId, turnId);
    return turnId;
  }

  /** Starts the next model step of a turn and returns its 1-based index. */
  nextStep(turnId: string): number {
    const step = (this.steps.get(turnId) ?? 0) + 1;
    this.steps.set(turnId, step);
    return step;
  }

  /** The current step of a turn (1 when no step was started: a stream without step markers). */
  step(turnId: string): number {
    return this.steps.get(turnId) ?? 1;
  }

  /** One message per model step, so a second step never overwrites the first one's text. */
  messageId(turnId: string, step = this.step(turnId)): string {
    return `${turnId}:assistant:${step}`;
  }

  /** The tool correlation for a framework tool call id, stable for the whole call. */
  tool(frameworkToolCallId: string, turnId: string): ToolCorrelation {
    let ids = this.tools.get(frameworkToolCallId);
    if (ids === undefined) {
      ids = { turnId, stepId: `${turnId}:step:${this.step(turnId)}`, toolCallId: frameworkToolCallId };
      this.tools.set(frameworkToolCallId, ids);
    }
    return ids;
  }

  /** The tool correlation already known for a framework tool call id, if any. */
  knownTool(frameworkToolCallId: string): ToolCorrelation | undefined {
    return this.tools.get(frameworkToolCallId);
  }

  /** The profile action id for a framework approval or interrupt id. */
  action(frameworkId: string): string {
    let actionId = this.actions.get(frameworkId);
    if (actionId === undefined) {
      actionId = `action-${frameworkId}`;
      this.actions.set(frameworkId, actionId);
      this.actionSources.set(actionId, frameworkId);
    }
    return actionId;
  }

  /** The framework id behind a profile action id: how `respondAction` answers the framework. */
  frameworkAction(actionId: string): string | undefined {
    return this.actionSources.get(actionId);
  }
}
