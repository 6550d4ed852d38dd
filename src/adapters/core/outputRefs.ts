/**
 * Tool outputs an adapter keeps out of the event stream: a large output is stored here under a
 * ref (`<scheme>://<sessionId>/<toolCallId>`), the event carries the ref and a capped preview,
 * and the UI loads the whole text on demand (`loadRef`, AgentWorkbench's `loadRef`).
 */
export class OutputRefs {
  private readonly outputs = new Map<string, string>();

  constructor(
    private readonly scheme: string,
    private readonly sessionId: string,
  ) {}

  /** Keeps one output and returns its ref. */
  readonly spill = (toolCallId: string, text: string): string => {
    const ref = `${this.scheme}://${this.sessionId}/${toolCallId}`;
    this.outputs.set(ref, text);
    return ref;
  };

  async load(ref: string): Promise<string> {
    const text = this.outputs.get(ref);
    if (text === undefined) throw new Error(`unknown ref ${ref}`);
    return text;
  }
}
