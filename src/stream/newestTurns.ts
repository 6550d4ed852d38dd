// Where a backlog's newest turns begin, when they can be shown before the history before them:
// the tail must be closed, no entity it touches (a turn, tool call, artifact, task ...) named by an
// event before it. Then projecting the tail alone gives every record it shows exactly as projecting
// the whole backlog does, and the history only adds records above it.
import { classifyDocument } from '../protocol/snapshots';
import { typeFactsOf } from '../protocol/validateEvent';
import { eventIdOf, sequenceOf } from '../store/eventPlace';

/**
 * The envelope fields naming a record of the projection that a later event can change (a turn,
 * message, tool call, action, artifact, evidence, task and its attempts, subagent). Ids scoped
 * inside one of them (a part, a version, an attempt number) are not among them.
 */
const ENVELOPE_KEYS = ['turnId', 'messageId', 'toolCallId', 'actionId', 'artifactId', 'evidenceId', 'taskId', 'runId', 'subagentId', 'requestId'] as const;
/**
 * The payload fields that correlate an event with a record (`decodeEvent`'s `resolveCorrelation`)
 * or join one record to another (an action to its tool call).
 */
const PAYLOAD_KEYS = ['actionId', 'evidenceId', 'artifactId', 'toolCallId', 'turnId', 'taskId', 'runId', 'subagentId'] as const;

/** Options of `findNewestTurns`. */
export interface NewestTurnsOptions {
  /** Turns the tail holds at least (a screen of them). Default 8. */
  minTurns?: number;
  /** The tail's largest share of the backlog: past it, showing it first saves too little. Default 0.25. */
  maxShare?: number;
}

/** Where a backlog's closed tail starts, and the one session its events are of (when they name one). */
export interface NewestTurns {
  start: number;
  sessionId?: string;
  /**
   * Where the events before `start` that write the thread's own facts (its status, an incident)
   * are: every event names the thread, so no id reaches them, and the tail is projected after them
   * (`projectNewestTurns`).
   */
  threadFacts: number[];
  /** The thread the backlog's first event names: the whole's first thread, the default one of reads and writes. */
  firstThreadId?: string;
  /** The backlog's first sequence is past the stream's start: a store applying it whole holds its events until it settles. */
  startsMidWay: boolean;
}

const DEFAULT_MIN_TURNS = 8;
const DEFAULT_MAX_SHARE = 0.25;
type Event = Record<string, unknown> & { payload?: unknown };

/**
 * Where a closed tail of at least `minTurns` turns starts (the latest such index), or `undefined`
 * when there is none worth showing first: a value that is a snapshot or read model, or an event
 * carrying one (it rewrites what came before), events of more than one session, runtime or schema,
 * sequences that are not one after another, a value that is no event but holds an event's id or
 * place, a message, part or call named as the store names the ones it makes (`<turnId>:assistant`,
 * `<turnId>:user`, `<messageId>#<n>`, any id with an `@` as in `<toolCallId>@<turnId>`), subagent
 * content beside an id with a colon (`<subagentId>:<turnId>:assistant` may then equal another
 * joined id), a session fact (`sessionId`, `runtimeId`, `schemaVersion`, `sequence`) only some
 * events carry, events the store places in order mixed with events it applies at once,
 * more than 64 events stating the thread's or the session's own facts (status, incidents, facts unavailable: the tail is projected after
 * those before it), or no closed tail within `maxShare` of the backlog. One pass forward (`NewestTurnsIndex.add`: where each entity id is first named), one back
 * from the end to the first index that nothing after it reaches behind.
 */
export function findNewestTurns(values: readonly unknown[], options: NewestTurnsOptions = {}): NewestTurns | undefined {
  const index = new NewestTurnsIndex();
  for (const value of values) index.add(value);
  return index.find(values, options);
}

/**
 * Where each entity id of a backlog is first named, built a value at a time as the backlog is read
 * (a reader adds each value as it parses it, so no second pass over the history is needed), then
 * `find` reads the newest turns back from the end. Ids of different kinds share one table: two
 * kinds with one id only make the tail longer.
 */
export class NewestTurnsIndex {
  private readonly first = new Map<string, number>();
  /** Where each turn `find` would count is first named, in order (a subagent's turn ids are not counted). */
  private readonly turnStarts: number[] = [];
  private readonly ids: string[] = [];
  /** Each value's event id (`NOT_AN_EVENT` for a value that is no event): all `find` reads of the history. */
  private readonly eventIds: unknown[] = [];
  private added = 0;
  /** The last sequence read: each event's must be the next one. */
  private sequence: number | undefined;
  private session: unknown;
  /** A snapshot, a read model or a second session was read: no tail is shown first. */
  private refused = false;
  /** Where the events that write the thread's own facts (its status, an incident) are. */
  private readonly threadWrites: number[] = [];
  /** The runtime and schema the session's first event names: the session's, whatever later events say. */
  private runtime: unknown;
  private schema: unknown;
  private firstSequence: number | undefined;
  private firstThread: string | undefined;
  /** Events placed in the session's order were read, and events that are not (applied as they come). */
  private placed = false;
  private unplaced = false;
  /** Session facts some events carried, and facts some events lacked (a bit per fact: see `ALL_SESSION_FACTS`). */
  private carried = 0;
  private missing = 0;
  /** An event naming a subagent was read, and an id holding a colon (see `add`). */
  private subagentContent = false;
  private colonScope = false;

  /** The backlog is not events (one whole document): no tail is shown first. */
  refuse(): void {
    this.refused = true;
  }

  /** No tail will be shown first, whatever values come. */
  get isRefused(): boolean {
    return this.refused;
  }

  /**
   * Values before this index are history to any tail `find` (with these options) returns, however
   * many values are added later: `find` reads none of them but those stating the thread's facts
   * (`threadFactAt`), so a reader holding the backlog may let the others go until it applies them.
   */
  historyBefore(options: NewestTurnsOptions = {}): number {
    return Math.ceil(this.added * (1 - (options.maxShare ?? DEFAULT_MAX_SHARE)));
  }

  /** The value at `at` states the thread's or the session's own facts: `find` reads it. */
  threadFactAt(at: number): boolean {
    // Asked of every value as it is read: the places are in order, so a search, not a scan of up to 64.
    return this.threadWrites[firstAtOrAfter(this.threadWrites, at)] === at;
  }

  /** Reads the next value of the backlog. */
  add(value: unknown): void {
    const at = this.added++;
    if (this.refused) return;
    this.eventIds[at] = isEvent(value) ? value.eventId : NOT_AN_EVENT;
    if (!isEvent(value)) {
      // A snapshot rewrites what came before; an object with an event's id or place, invalid as it
      // is, takes that id or place from the event that has it in the whole.
      if (classifyDocument(value) !== 'unknown' || (isObject(value) && (value.eventId !== undefined || value.sequence !== undefined))) this.refused = true;
      return;
    }
    const { sessionId, runtimeId, schemaVersion } = value;
    if (sessionId !== undefined) {
      this.session ??= sessionId;
      if (sessionId !== this.session) this.refused = true;
    }
    // The session names the runtime and schema its first event does: a tail naming others (a
    // runtime restarted mid-session) would be shown as the session's.
    if (runtimeId !== undefined) {
      this.runtime ??= runtimeId;
      if (runtimeId !== this.runtime) this.refused = true;
    }
    if (schemaVersion !== undefined) {
      this.schema ??= schemaVersion;
      if (schemaVersion !== this.schema) this.refused = true;
    }
    // The session shows the last of these an event carried: one the history carries and the newest
    // turns do not would be shown missing. A bit per fact, where it was missing.
    const missing = (sessionId === undefined ? 1 : 0) | (runtimeId === undefined ? 2 : 0) | (schemaVersion === undefined ? 4 : 0) | (value.sequence === undefined ? 8 : 0);
    this.missing |= missing;
    this.carried |= ~missing & ALL_SESSION_FACTS;
    if ((this.carried & this.missing) !== 0) this.refused = true;
    if (typeof value.threadId === 'string') this.firstThread ??= value.threadId;
    // A part named as the store names parts it numbers (`<messageId>#<n>`) takes that number from
    // the message's own part in the whole: no id of the tail says which.
    if (typeof value.partId === 'string' && NUMBERED_PART.test(value.partId)) this.refused = true;
    // Likewise a message named as another turn's implicit one (`<turnId>:assistant`): content of
    // that turn without a message id goes into it in the whole, and no id of the tail names it.
    // And a message named as another turn's user message (`<turnId>:user`, the prompt's).
    const { messageId, turnId } = value;
    if (typeof messageId === 'string' && (namedAsAnother(messageId, IMPLICIT_MESSAGE, turnId) || namedAsAnother(messageId, USER_MESSAGE, turnId))) this.refused = true;
    // A subagent's content goes to `<subagentId>:<turnId>:assistant`: with a colon in a turn or
    // subagent id, two such joins (or one and a turn's `<turnId>:assistant`) can be one id. Any
    // event naming a subagent counts, and any id with a colon (looked at once, when first named, below).
    if (typeof value.subagentId === 'string') this.subagentContent = true;
    // In order without a gap: a gap the history leaves open holds every event after it (the tail
    // too) until a repair fills it, and an event out of order or numbered twice is placed by the
    // store, not by where it is read. Such a backlog is applied in order only.
    if (typeof value.sequence === 'number') {
      // Only whole numbers count up (an event array may hold an Infinity, which JSON cannot).
      if (!Number.isSafeInteger(value.sequence) || (this.sequence !== undefined && value.sequence !== this.sequence + 1)) this.refused = true;
      this.sequence = value.sequence;
      this.firstSequence ??= value.sequence;
    }
    // A store starting mid-way holds placed events until it settles but applies the others at once:
    // a tail mixing them would be applied in another order than the whole applies it.
    if (isPlaced(value)) this.placed = true;
    else this.unplaced = true;
    if (this.placed && this.unplaced) this.refused = true;
    const type = canonicalType(value.type as string);
    // A snapshot an event carries rewrites records by ids inside it, which no index of ids reads.
    if (carriesSnapshot(type, value.payload)) this.refused = true;
    // Every event names the thread, so its own facts (status, incidents) are not reached by ids:
    // the events that state them go before the tail when it is projected. Past a few, the
    // backlog is applied in order only.
    if (writesThread(type) && this.threadWrites.push(at) > MAX_THREAD_FACTS) this.refused = true;
    const { first, ids } = this;
    for (let n = idsOf(value, ids); n-- > 0; ) {
      const id = ids[n]!;
      if (first.has(id)) continue;
      first.set(id, at);
      if (id.includes(':')) this.colonScope = true;
      // Named as the store keys a call whose id a later turn reused (`<toolCallId>@<turnId>`): in
      // the whole it may be that record, or the key a reuse among the newest turns gets. Any id
      // of that form, whatever it names, keeps the backlog in order (looked at once, when new).
      if (id.includes(REUSED_CALL_MARK)) this.refused = true;
    }
    if (typeof value.turnId === 'string' && typeof value.subagentId !== 'string' && first.get(value.turnId) === at) this.turnStarts.push(at);
    if (this.subagentContent && this.colonScope) this.refused = true;
  }

  /** The closed tail of `values` (the values added, in order), read back from the end. */
  find(values: readonly unknown[], options: NewestTurnsOptions = {}): NewestTurns | undefined {
    const steps = this.findInSteps((at) => values[at], values.length, options);
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
    }
  }

  /**
   * `find` in steps: it pauses (yields) every few thousand values of its walk back from the end and
   * of its scan of the history, so a reader can give the host the thread between steps. The
   * `count` values added are read through `valueAt`, from the end back to the tail's start, and
   * those stating the thread's facts before it (`threadFactAt`): a reader that let the others go
   * may parse them again there.
   */
  *findInSteps(valueAt: (at: number) => unknown, count: number, options: NewestTurnsOptions = {}): Generator<void, NewestTurns | undefined> {
    if (this.refused || count !== this.added) return undefined;
    const minTurns = options.minTurns ?? DEFAULT_MIN_TURNS;
    const earliest = Math.ceil(count * (1 - (options.maxShare ?? DEFAULT_MAX_SHARE)));
    // Fewer turns start within the share than a tail holds: the walk back could find none. Spared,
    // it reads no value (a reader that let them go would parse a quarter of a long turn's lines again).
    if (this.turnStarts.length - firstAtOrAfter(this.turnStarts, earliest) < minTurns) return undefined;
    const { first, ids } = this;
    // The first index any id of the tail from `i` on is named at.
    let reach = count;
    let turns = 0;
    let start: number | undefined;
    for (let i = count - 1; i >= earliest && start === undefined; i--) {
      // A step every few thousand values: read from text, each is a line parsed again.
      if (i < count - 1 && (count - 1 - i) % PAUSE_EVERY === 0) yield;
      const value = valueAt(i);
      if (!isEvent(value)) continue;
      for (let n = idsOf(value, ids); n-- > 0; ) reach = Math.min(reach, first.get(ids[n]!)!);
      // A turn id an event of a subagent names is not counted: it may be the subagent's own.
      if (typeof value.turnId === 'string' && first.get(value.turnId) === i && typeof value.subagentId !== 'string') turns += 1;
      if (reach >= i && turns >= minTurns) start = i;
    }
    if (start === undefined || !ownsItsThreads(valueAt, count, start, this.threadWrites)) return undefined;
    const threadFacts = this.threadWrites.filter((at) => at < start);
    if (!(yield* apart(this.eventIds, start, threadFacts))) return undefined;
    return {
      start,
      ...(typeof this.session === 'string' && { sessionId: this.session }),
      threadFacts,
      ...(this.firstThread !== undefined && { firstThreadId: this.firstThread }),
      startsMidWay: (this.firstSequence ?? 0) > STREAM_START,
    };
  }
}

/**
 * True when every thread whose own facts an event states (anywhere in the backlog) has a turn in
 * the tail: a thread shown is then the tail's, its active turn the tail's last. A thread whose
 * turns are all in the history would be shown without what they wrote on it.
 */
function ownsItsThreads(valueAt: (at: number) => unknown, count: number, start: number, threadWrites: readonly number[]): boolean {
  if (threadWrites.length === 0) return true;
  const threads = new Set<unknown>();
  for (let i = start; i < count; i++) {
    const value = valueAt(i);
    // A turn of the tail made by an event that makes turns (a thread or runtime event never does).
    if (isEvent(value) && typeof value.turnId === 'string' && !NO_TURN_FAMILIES.test(value.type as string)) threads.add(value.threadId);
  }
  return threadWrites.every((at) => {
    const threadId = (valueAt(at) as Event).threadId;
    return typeof threadId !== 'string' || threads.has(threadId);
  });
}

/**
 * True when the history before `start` holds none of the tail's events again (a re-sent event is a
 * duplicate there, not a fact), the tail none twice, and the history no other event with the id
 * of a thread fact projected with the tail (`threadFacts`: the whole drops or re-applies such a
 * copy by when it comes, the tail alone cannot tell): then the tail applies alone as it does after
 * the history. Read by the values' event ids (`eventIds`, by index): the history's values may be gone.
 * (No history sequence is at or past the tail's lowest either: `add` refuses sequences that do
 * not count up one by one.)
 */
function* apart(eventIds: readonly unknown[], start: number, threadFacts: readonly number[]): Generator<void, boolean> {
  const tailIds = new Set<unknown>();
  for (let i = start; i < eventIds.length; i++) {
    if (eventIds[i] === NOT_AN_EVENT) continue;
    if (tailIds.has(eventIds[i])) return false;
    tailIds.add(eventIds[i]);
  }
  const factIds = new Map<unknown, number>(threadFacts.map((at) => [eventIds[at], at]));
  for (let i = 0; i < start; i++) {
    if (i % PAUSE_EVERY === PAUSE_EVERY - 1) yield;
    const eventId = eventIds[i];
    if (eventId === NOT_AN_EVENT) continue;
    if (tailIds.has(eventId)) return false;
    const fact = factIds.get(eventId);
    if (fact !== undefined && fact !== i) return false;
  }
  return true;
}

/** Where in `sorted` (ascending) the first index at or after `at` is (its length when there is none). */
function firstAtOrAfter(sorted: readonly number[], at: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < at) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The event id `NewestTurnsIndex` notes for a value that is no event (no event's id can equal it). */
const NOT_AN_EVENT = Symbol('not an event');

/** Families whose events never make a turn (their turnId only correlates). */
const NO_TURN_FAMILIES = /^(thread|runtime|session|snapshot)\./;

/** Families whose events never write a message's content. */
const NO_MESSAGE_FAMILIES = /^(thread|runtime|session|snapshot|turn)\./;

/** The end of the id the store gives a turn's (or the session's) message that no event named: `<turnId>:assistant`. */
const IMPLICIT_MESSAGE = ':assistant';

/** What the store joins a reused call's id and its turn with (`reusedToolCallKey`). */
const REUSED_CALL_MARK = '@';

/** The end of the id the store gives a turn's user message (its prompt): `<turnId>:user`. */
const USER_MESSAGE = ':user';

/** The session facts the store copies from every event that carries them (`sessionId`, `runtimeId`, `schemaVersion`, `sequence`), a bit each. */
const ALL_SESSION_FACTS = 0b1111;

/** `messageId` has the form of the message the store makes for a turn (`<turnId><ending>`), but of another turn than `turnId`. */
const namedAsAnother = (messageId: string, ending: string, turnId: unknown): boolean => messageId.endsWith(ending) && messageId !== `${String(turnId)}${ending}`;

/** The id the store gives a part it numbers: `<messageId>#<n>`. */
const NUMBERED_PART = /#\d+$/;

/** The sequence a session's stream starts at: a store seeing a later one first waits for those before it. */
const STREAM_START = 1;

/** Events stating the thread's own facts that a tail is projected after, at most. */
const MAX_THREAD_FACTS = 64;

/** Values `apart` reads, or the walk back from the end, between two pauses. */
const PAUSE_EVERY = 4_096;

/** The store places the event in the session's order (it has an id, a session and a sequence), as its pipeline decides. */
const isPlaced = (event: Event): boolean => eventIdOf(event) !== undefined && sequenceOf(event) !== undefined;

/** The type an event is applied as (an alias's canonical type). */
const canonicalType = (type: string): string => typeFactsOf(type).alias ?? type;

/**
 * Writes the thread record's own facts or the session's: a thread or session event (a session's
 * facts declared unavailable), or a runtime error (an incident of the thread).
 */
const writesThread = (type: string): boolean => type.startsWith('thread.') || type.startsWith('session.') || type === 'runtime.error';

/** A messages snapshot, or a snapshot.updated carrying a read model (applyEvent's applySnapshotEvent reads it so). */
function carriesSnapshot(type: string, payload: unknown): boolean {
  if (!isObject(payload)) return false;
  if (type === 'messages.snapshot') return Array.isArray(payload.messages);
  if (type !== 'snapshot.updated') return false;
  return classifyDocument(isObject(payload.snapshot) ? payload.snapshot : payload) !== 'unknown';
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isEvent = (value: unknown): value is Event => isObject(value) && typeof value.type === 'string';

const ENVELOPE_KEY_SET: ReadonlySet<string> = new Set(ENVELOPE_KEYS);
const PAYLOAD_KEY_SET: ReadonlySet<string> = new Set(PAYLOAD_KEYS);

/** Puts each entity id the event names (envelope, payload, a nested artifact) in `ids`; returns how many. */
function idsOf(event: Event, ids: string[]): number {
  let count = 0;
  // Over the fields an event has (a dozen), not the ones it might have: most are absent.
  for (const key in event) {
    if (!ENVELOPE_KEY_SET.has(key)) continue;
    const id = event[key];
    if (typeof id === 'string') ids[count++] = id;
  }
  // Content without a turn or a message goes to the session's implicit message (`<sessionId>:assistant`).
  if (typeof event.turnId !== 'string' && typeof event.messageId !== 'string' && !NO_MESSAGE_FAMILIES.test(event.type as string)) {
    ids[count++] = `${typeof event.sessionId === 'string' ? event.sessionId : 'session'}:assistant`;
  }
  const payload = event.payload;
  if (!isObject(payload)) return count;
  for (const key in payload) {
    if (!PAYLOAD_KEY_SET.has(key)) continue;
    const id = payload[key];
    if (typeof id === 'string') ids[count++] = id;
  }
  const artifact = payload.artifact;
  if (isObject(artifact)) {
    if (typeof artifact.artifactId === 'string') ids[count++] = artifact.artifactId;
    if (typeof artifact.id === 'string') ids[count++] = artifact.id;
  }
  return count;
}
