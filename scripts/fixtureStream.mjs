// Builds fixture event streams with consistent envelopes (ids, sequence, timestamps).
// Fixtures are data: this script writes them once, they are committed, and tests only read them.
// Envelopes come from the kit's own factory (src/adapters/core), loaded from source through
// Vite's module runner, so `npm run fixtures` needs no build.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

const factoryPath = fileURLToPath(new URL('../src/adapters/core/envelopeFactory.ts', import.meta.url));
const { createEnvelopeFactory } = (await runnerImport(factoryPath, { configFile: false, logLevel: 'silent' })).module;

export class FixtureStream {
  constructor(name, { sessionId = `sess-${name}`, threadId = 'thread-1', runtimeId = 'rt-fixtures', start = '2026-06-09T10:00:00.000Z', stepMs = 250, prefix } = {}) {
    this.name = name;
    this.sessionId = sessionId;
    this.threadId = threadId;
    this.runtimeId = runtimeId;
    this.clock = Date.parse(start);
    this.stepMs = stepMs;
    this.prefix = prefix ?? name.split('-').map((w) => w[0]).join('');
    this.lines = [];
    /** Content behind the refs the events name (ref → text): what the runtime's ref store would serve. */
    this.refs = {};
    this.factory = createEnvelopeFactory({
      sessionId,
      threadId,
      runtimeId,
      eventId: (sequence) => `${this.prefix}-${String(sequence).padStart(4, '0')}`,
      clock: () => (this.clock += this.stepMs),
    });
  }

  get sequence() {
    return this.factory.cursor().sequence;
  }

  /** Advances the fixture clock (a pause in the recorded timing). */
  wait(ms) {
    this.clock += ms;
    return this;
  }

  /** A profile event: `ids` are envelope ids (turnId, toolCallId ...), `payload` the typed payload. */
  ev(type, ids = {}, payload = {}, extra = {}) {
    const event = this.factory.event(type, { ...ids, ...extra }, payload);
    this.lines.push(JSON.stringify(event));
    return event;
  }

  /** A line written as is (deliberate violations, malformed JSON, re-deliveries). */
  raw(line) {
    this.lines.push(typeof line === 'string' ? line : JSON.stringify(line));
    return this;
  }

  /** Records the content a ref serves (an artifact version, its diff, a full tool output). */
  ref(ref, text) {
    this.refs[ref] = text;
    return ref;
  }

  write(dir) {
    writeFileSync(`${dir}/${this.name}.jsonl`, this.lines.join('\n') + '\n');
    // The refs' content beside the events: stories load refs from it as an app's loadRef would.
    if (Object.keys(this.refs).length > 0) writeFileSync(`${dir}/${this.name}.refs.json`, JSON.stringify(this.refs, null, 2) + '\n');
    return this.lines.length;
  }
}
