// Builds fixture event streams with consistent envelopes (ids, sequence, timestamps).
// Fixtures are data: this script writes them once, they are committed, and tests only read them.
import { writeFileSync } from 'node:fs';

const PROFILE = 'lime-profile-0.4.0';

export class FixtureStream {
  constructor(name, { sessionId = `sess-${name}`, threadId = 'thread-1', runtimeId = 'rt-fixtures', start = '2026-06-09T10:00:00.000Z', stepMs = 250, prefix } = {}) {
    this.name = name;
    this.sessionId = sessionId;
    this.threadId = threadId;
    this.runtimeId = runtimeId;
    this.clock = Date.parse(start);
    this.stepMs = stepMs;
    this.prefix = prefix ?? name.split('-').map((w) => w[0]).join('');
    this.sequence = 0;
    this.lines = [];
  }

  /** Advances the fixture clock (a pause in the recorded timing). */
  wait(ms) {
    this.clock += ms;
    return this;
  }

  /** A profile event: `ids` are envelope ids (turnId, toolCallId ...), `payload` the typed payload. */
  ev(type, ids = {}, payload = {}, extra = {}) {
    this.sequence += 1;
    this.clock += this.stepMs;
    const event = {
      schemaVersion: PROFILE,
      runtimeId: this.runtimeId,
      sessionId: this.sessionId,
      threadId: this.threadId,
      eventId: `${this.prefix}-${String(this.sequence).padStart(4, '0')}`,
      sequence: this.sequence,
      timestamp: new Date(this.clock).toISOString(),
      type,
      ...ids,
      ...extra,
      payload,
    };
    this.lines.push(JSON.stringify(event));
    return event;
  }

  /** A line written as is (deliberate violations, malformed JSON, re-deliveries). */
  raw(line) {
    this.lines.push(typeof line === 'string' ? line : JSON.stringify(line));
    return this;
  }

  write(dir) {
    writeFileSync(`${dir}/${this.name}.jsonl`, this.lines.join('\n') + '\n');
    return this.lines.length;
  }
}
