import { useEffect, useRef, useState } from 'react';
import { useRuntimeStore } from '../hooks/useRuntimeContext';
import { gates } from '../store/notificationGate';
import type { RuntimeState } from '../store/createRuntimeStore';
import { selectMessageText } from '../store/selectors/text';
import type { Labels } from '../ui/labels';
import { useShellLabels } from './useShellLabels';
import type { Translate } from './useTranslate';
import type { ShellLabelKey } from '../ui/shellLabels';

/** Quiet time before an announcement is spoken: a burst of events becomes one announcement. */
export const ANNOUNCE_QUIET_MS = 1_000;
/** Longest wait while events keep coming: a long stream still gets announced. */
const ANNOUNCE_MAX_WAIT_MS = 4_000;
/** Records looked at per change: only the newest can have just completed or become pending. */
const RECENT = 8;
const EXCERPT = 160;

/**
 * The text cut at a word's end: a word cut in two (a secret across the cut) no longer reads as what
 * it is, so no pattern of the redaction that follows would find its head.
 */
const clip = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT ? `${flat.slice(0, Math.max(0, flat.lastIndexOf(' ', EXCERPT - 1)))}…` : flat;
};

/** Something worth saying, and the fact it says (by key: `m:<messageId>`, `a:<actionId>`). */
interface Announcement {
  key: string;
  text: string;
}

/**
 * Still true when spoken: a request the runtime resolved, cancelled or expired during the quiet
 * time is no longer announced as needing an answer.
 */
function stillTrue(state: RuntimeState, { key }: Announcement): boolean {
  if (!key.startsWith('a:')) return true;
  return state.actions.byId.get(key.slice(2))?.status === 'pending';
}

/** What changed worth saying since `previous`: a completed assistant message, a new pending request. */
function announcementsOf(state: RuntimeState, previous: RuntimeState | undefined, said: Set<string>, t: Translate<ShellLabelKey>): Announcement[] {
  const out: Announcement[] = [];
  if (state.messages !== previous?.messages) {
    for (const id of state.messages.ids.slice(-RECENT)) {
      const message = state.messages.byId.get(id);
      if (!message || message.role !== 'assistant' || message.status !== 'completed' || said.has(`m:${id}`)) continue;
      said.add(`m:${id}`);
      if (previous) out.push({ key: `m:${id}`, text: t('live.message', { author: t('conversation.assistant'), text: clip(selectMessageText(state, message)) }) });
    }
  }
  if (state.actions !== previous?.actions) {
    for (const id of state.actions.ids.slice(-RECENT)) {
      const action = state.actions.byId.get(id);
      if (!action || action.status !== 'pending' || said.has(`a:${id}`)) continue;
      said.add(`a:${id}`);
      if (previous) out.push({ key: `a:${id}`, text: t('live.approval', { prompt: clip(action.prompt ?? '') }) });
    }
  }
  return out;
}

/**
 * A polite live region for screen readers: says when an answer completes and when the runtime asks
 * for an approval or input, once each, debounced (never per token). What was on screen before it
 * mounted is not announced, nor what a backlog opened after it brings (`openBacklog`: answers of
 * another time), nor a request the runtime already answered by the time it would be said.
 */
export function LiveAnnouncer({ labels, quietMs = ANNOUNCE_QUIET_MS }: { labels?: Labels; quietMs?: number }) {
  const store = useRuntimeStore();
  const t = useShellLabels(labels);
  const tRef = useRef(t);
  tRef.current = t;
  const [text, setText] = useState('');
  useEffect(() => {
    const said = new Set<string>();
    announcementsOf(store.getState(), undefined, said, tRef.current);
    let queue: Announcement[] = [];
    let quiet: ReturnType<typeof setTimeout> | undefined;
    let firstQueuedAt = 0;
    const speak = () => {
      clearTimeout(quiet);
      quiet = undefined;
      const state = store.getState();
      const spoken = queue.filter((announcement) => stillTrue(state, announcement)).map((announcement) => announcement.text);
      queue = [];
      if (spoken.length > 0) setText(spoken.join(' '));
    };
    const unsubscribe = store.subscribe((state, previous) => {
      // A backlog's facts (yesterday's answers) are taken as already there, like those before the mount.
      const fresh = announcementsOf(state, gates.get(store)?.backlogs ? undefined : previous, said, tRef.current);
      if (fresh.length === 0) return;
      if (queue.length === 0) firstQueuedAt = Date.now();
      queue.push(...fresh);
      clearTimeout(quiet);
      quiet = setTimeout(speak, Math.max(0, Math.min(quietMs, firstQueuedAt + ANNOUNCE_MAX_WAIT_MS - Date.now())));
    });
    return () => {
      unsubscribe();
      clearTimeout(quiet);
    };
  }, [store, quietMs]);
  return (
    <div className="aui-visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {text}
    </div>
  );
}
