import { FACT_LABELS } from './factLabels';
// The words the workbench's first screen shows (its status header, thread, composer, lane tabs,
// announcements and surface errors), apart from the rest of the table: a page loads these with the
// shell, and the rest (DEFAULT_LABELS) with the lazily loaded parts that use them (3 KB gzip less
// on the first screen). Shell components read them through `useShellLabels`.

/** The first screen's strings and aria labels, in English, by key; DEFAULT_LABELS includes them. */
export const SHELL_LABELS = {
  // The BCP 47 locale numbers, money, durations and times are written in (Intl); a translation sets its own.
  'format.locale': 'en-US',
  'format.ms': '{n} ms',
  'format.seconds': '{n} s',
  'format.minutes': '{m} min',
  'format.minutesSeconds': '{m} min {s} s',

  ...FACT_LABELS,
  'fact.what.model': 'Model unknown',

  'source.explicit_default': 'the default model',
  'source.workspace_policy': 'workspace policy',
  'source.policy': 'policy',
  'source.user': 'your choice',
  'source.router': 'the router',

  'status.region': 'Runtime status',
  'status.idle': 'Idle',
  'status.submitted': 'Accepted',
  'status.routing': 'Routing',
  'status.preparing': 'Preparing',
  'status.planning': 'Planning',
  'status.acting': 'Working',
  'status.streaming': 'Streaming',
  'status.running': 'Running',
  'status.waiting': 'Waiting on you',
  'status.blocked': 'Blocked',
  'status.retrying': 'Retrying',
  'status.cancelled': 'Cancelled',
  'status.failed': 'Failed',
  'status.completed': 'Completed',
  'status.unknown': 'Status unknown',
  'status.thinking': 'Thinking',
  'status.elapsed': 'Elapsed {time}',
  'status.took': 'Last turn took {time}',
  'status.model': 'Model {model}',
  'status.singleCandidate': 'only candidate ({source})',
  'status.candidates': '{count} candidates ({source})',
  'status.usage': 'Usage',
  'status.cost': '{cost}',
  'status.costEstimated': '~{cost} estimated',
  'status.tokens.one': '{count} token',
  'status.tokens.other': '{count} tokens',
  'status.tokensInOut': '{input} in · {output} out',
  'status.quotaLow': 'Quota low',
  'status.blockedBy': 'Blocked by {reason}',
  'status.retryable': 'Retryable',
  'status.notRetryable': 'Not retryable',
  'status.detail': '{detail}',

  'connection.reconnecting': 'Reconnecting…',
  'connection.reconnectingBecause': 'Reconnecting: {error}',
  'connection.repairing': 'Repairing the view…',
  'connection.error': 'Connection lost: {error}',
  'connection.lost': 'Connection lost',
  'connection.retry': 'Reconnect',

  'task.details': 'Task details',

  'conversation.region': 'Conversation',
  'conversation.user': 'You',
  'conversation.assistant': 'Assistant',
  'conversation.reasoning': 'Reasoning',
  'conversation.jumpToLatest': 'Jump to latest',
  'conversation.empty': 'No messages yet',
  'conversation.earlier': 'Loading history…',
  'conversation.streaming': 'Streaming',
  'conversation.interrupted': 'Interrupted: the turn was cancelled before this answer finished',

  'composer.region': 'Message composer',
  'composer.placeholder': 'Ask the agent…',
  'composer.input': 'Message',
  'composer.send': 'Send',
  'composer.queue': 'Queue',
  'composer.submitQueue': 'Add to queue',
  'composer.submitSteer': 'Steer now',
  'composer.stop': 'Stop',
  'composer.stopping': 'Stopping…',
  'composer.unavailable': 'Sending is unavailable: no runtime is connected.',
  'composer.quotaBlocked': 'Sending is off: the quota is used up.',
  'composer.empty': 'Type a message to send.',
  'composer.failed': 'Not sent: {error}',
  'composer.retry': 'Send again',
  'composer.sending': 'Sending…',
  'composer.oneAtATime': 'This runtime takes one prompt at a time: wait for the turn to end, or stop it.',
  'composer.queued.one': '{count} prompt waits to run after this turn',
  'composer.queued.other': '{count} prompts wait to run after this turn',

  'workbench.tasks': 'Task',
  'workbench.tools': 'Tools',
  'workbench.timeline': 'Timeline',
  'workbench.artifacts': 'Artifacts',
  'workbench.evidence': 'Evidence',
  'workbench.team': 'Team',
  'workbench.diagnostics': 'Diagnostics',
  'workbench.lanes': 'Details',
  'workbench.count': '{lane} ({count})',
  // Layout, keyboard and live announcements (AgentWorkbench, Conversation).
  'workbench.skipToComposer': 'Skip to composer',
  'workbench.closeLanes': 'Close details',

  'conversation.thinking': 'Thinking…',
  'conversation.waitingForStream': 'Waiting for the stream to come back',
  'conversation.thoughtFor': 'Thought for {time}',
  'conversation.navigationHint': 'Arrow keys move between messages, Home and End to the first and last; Enter moves into a message, Escape back out.',

  'live.message': '{author}: {text}',
  'live.approval': 'Approval needed: {prompt}',

  'boundary.failed': 'This panel could not render: {error}',
} as const;

/** The key of one of the first screen's strings (`'composer.send'`, `'status.running'`, ...). */
export type ShellLabelKey = keyof typeof SHELL_LABELS;
