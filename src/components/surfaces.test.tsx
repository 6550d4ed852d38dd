// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventBuilder, toolIds, turn } from '../../test/eventBuilder';
import { expectNoAxeViolations, fixtureEvents, mockAdapter, renderWith, storeFrom, stubLayout } from '../../test/componentHarness';
import { readProfileFixture } from '../../test/referenceData';
import type { FactState } from '../store/records';
import { ActionRequired } from './ActionRequired';
import { ArtifactCard } from './ArtifactCard';
import { Composer } from './Composer';
import { DiagnosticsPanel } from './DiagnosticsPanel';
import { EvidenceLane } from './EvidenceLane';
import { FactBadge } from './FactBadge';
import { RuntimeStatus } from './RuntimeStatus';
import { SubagentRoster } from './SubagentRoster';
import { TaskCapsule } from './TaskCapsule';
import { ToolCall, ToolGroup } from './ToolCall';

beforeAll(() => stubLayout());
afterEach(cleanup);
const t1 = turn();

describe('FactBadge', () => {
  const facts: FactState[] = ['unknown', 'unavailable', 'blocked', 'stale', 'loading', 'needs-input', 'failed', 'disputed'];
  it('shows a glyph and a word for every state, and says why', async () => {
    const { container } = renderWith(<>{facts.map((f) => <FactBadge key={f} fact={f} reason={f === 'stale' ? 'sequence 9 never arrived' : undefined} />)}</>);
    const badges = container.querySelectorAll('[data-fact]');
    expect([...badges].map((b) => b.getAttribute('data-fact'))).toEqual(facts);
    for (const badge of badges) {
      expect(badge.querySelector('.aui-fact-badge__glyph svg')).not.toBeNull();
      expect(badge.querySelector('.aui-fact-badge__text')!.textContent).not.toBe('');
    }
    expect(container.querySelector('[data-fact="stale"]')!.getAttribute('aria-label')).toBe('Stale: sequence 9 never arrived');
    await expectNoAxeViolations(container);
  });

  it('takes its words from labels', () => {
    renderWith(<FactBadge fact="unknown" labels={{ 'fact.unknown': 'Inconnu', 'fact.why.unknown': 'Source inconnue' }} />);
    expect(screen.getByLabelText('Inconnu: Source inconnue')).toBeTruthy();
  });
});

describe('RuntimeStatus', () => {
  it('shows the accepted status before any text, outside the conversation', async () => {
    const { container } = renderWith(<RuntimeStatus />, storeFrom([readProfileFixture('submit-turn-event.json')]));
    expect(container.querySelector('.aui-runtime-status')!.getAttribute('data-status')).toBe('submitted');
    expect(screen.getByRole('status').textContent).toContain('Accepted');
    await expectNoAxeViolations(container);
  });

  it('explains a single candidate model as the runtime fact', () => {
    const { container } = renderWith(<RuntimeStatus />, storeFrom([readProfileFixture('routing-single-candidate-event.json')]));
    expect(container.querySelector('.aui-runtime-status__model')!.textContent).toBe('Model kit-model-large · only candidate (workspace policy)');
  });

  it.each([
    ['text-basic', 'completed', 'Completed'],
    ['tool-failure', 'failed', 'Failed'],
    ['routing-limits', 'blocked', 'Blocked'],
    ['stream-repair', 'running', 'Running'],
  ])('%s → %s', (name, status, word) => {
    const { container } = renderWith(<RuntimeStatus />, storeFrom(fixtureEvents(name)));
    const root = container.querySelector('.aui-runtime-status')!;
    expect(root.getAttribute('data-status')).toBe(status);
    expect(screen.getByRole('status').textContent).toContain(word);
    if (name === 'stream-repair') expect(root.querySelector('[data-fact="stale"]')).toBeTruthy();
    // The header names the state once; why the turn failed or is blocked ends the turn in the
    // thread (TurnNotice), not here a second time.
    if (name === 'tool-failure') expect(root.textContent).not.toContain('tool_failed');
    if (name === 'routing-limits') expect(root.textContent).not.toContain('monthly quota exhausted');
  });

  it('measures elapsed time in event time, and shows the stage before the first token', () => {
    const ev = eventBuilder();
    const store = storeFrom([ev('turn.submitted', t1), ev('turn.started', t1), ev('run.status', t1, { stage: 'routing', detail: 'choosing a model' })]);
    const { container } = renderWith(<RuntimeStatus />, store);
    expect(container.querySelector('.aui-runtime-status')!.getAttribute('data-status')).toBe('routing');
    expect(container.textContent).toContain('Routing · choosing a model');
    expect(container.querySelector('.aui-runtime-status__elapsed')!.textContent).toBe('Elapsed 200 ms');
  });

  it('while history loads in order, says so instead of the stage of the latest turn applied so far', () => {
    const ev = eventBuilder();
    const store = storeFrom([ev('turn.submitted', t1), ev('turn.started', t1), ev('routing.decided', t1, { selectedModel: 'model-a', candidateCount: 2, decisionSource: 'policy' })]);
    // What openBacklog presents while it applies a history in order (presentHistorySoFar).
    act(() => store.setState({ historyPending: true, historyPrefix: true, routing: null }));
    const { container } = renderWith(<RuntimeStatus />, store);
    const root = container.querySelector('.aui-runtime-status')!;
    expect(root.getAttribute('data-status')).toBe('unknown');
    expect(screen.getByRole('status').textContent).toBe('Loading history…');
    expect(root.querySelector('.aui-runtime-status__elapsed')).toBeNull();
    expect(root.querySelector('.aui-runtime-status__model')).toBeNull();
  });

  it('is a compound component: parts can be arranged by the app', () => {
    const { container } = renderWith(
      <RuntimeStatus.Root>
        <RuntimeStatus.ModelChip />
      </RuntimeStatus.Root>,
      storeFrom([readProfileFixture('routing-single-candidate-event.json')]),
    );
    expect(container.querySelector('.aui-runtime-status__stage')).toBeNull();
    expect(container.querySelector('.aui-runtime-status__model')).toBeTruthy();
  });
});

describe('TaskCapsule', () => {
  it('keeps the failed attempt visible after the retry', async () => {
    const user = userEvent.setup();
    const { container } = renderWith(<TaskCapsule />, storeFrom(fixtureEvents('task-retry')));
    expect(container.querySelector('.aui-task-capsule__objective')!.textContent).toBe('Build the package');
    expect(container.textContent).toContain('Attempt 2: Completed');
    await user.click(screen.getByRole('button', { name: 'Show task details' }));
    const attempts = container.querySelectorAll('.aui-task-capsule__attempts li');
    expect([...attempts].map((li) => li.getAttribute('data-status'))).toEqual(['failed']);
    expect(attempts[0]!.textContent).toBe('Attempt 1: Failed · A tool failed');
    await expectNoAxeViolations(container);
  });

  it('is absent without a task: no "Unknown idle" capsule on a plain chat, even with a request pending', () => {
    const { container } = renderWith(<TaskCapsule variant="compact" />, storeFrom([readProfileFixture('tool-approval-action-required-event.json')]));
    expect(container.querySelector('.aui-task-capsule')).toBeNull();
    cleanup();
    const empty = renderWith(<TaskCapsule variant="compact" />, storeFrom([]));
    expect(empty.container.textContent).toBe('');
  });

  it('with a task, counts pending requests without quoting them, and shows a missing objective as unknown', () => {
    const ev = eventBuilder();
    const store = storeFrom([
      ev('turn.started', t1),
      ev('task.created', { ...t1, taskId: 'k1' }, {}),
      ev('action.required', { ...t1, actionId: 'a1' }, { prompt: 'Allow apply_patch to edit src/index.ts?', severity: 'high' }),
    ]);
    const { container } = renderWith(<TaskCapsule variant="compact" />, store);
    const capsule = container.querySelector('.aui-task-capsule')!;
    expect(capsule.getAttribute('data-attention')).toBe('needs-input');
    expect(capsule.querySelector('.aui-task-capsule__pending')!.textContent).toBe('1 request waits for you');
    // The prompt is shown once, where it is answered.
    expect(capsule.textContent).not.toContain('Allow apply_patch');
    expect(capsule.querySelector('.aui-task-capsule__objective [data-fact="unknown"]')!.textContent).toContain('No objective reported');
  });

  it('counts queued turns and subagents', () => {
    const ev = eventBuilder();
    const store = storeFrom([
      ev('turn.started', t1),
      ev('task.created', { ...t1, taskId: 'k1' }, { objective: 'Ship it' }),
      ev('queue.changed', t1, { queuedTurns: [{ queueId: 'q1', preview: 'next' }, { queueId: 'q2', preview: 'later' }] }),
      ev('subagent.spawned', { ...t1, subagentId: 's1' }, { role: 'critic' }),
    ]);
    const { container } = renderWith(<TaskCapsule variant="expanded" />, store);
    expect(container.querySelector('.aui-task-capsule__queued')!.textContent).toBe('2 queued');
    expect(container.querySelector('.aui-task-capsule__team')!.textContent).toBe('1 subagent');
    expect(container.textContent).toContain('later');
  });
});

describe('ToolCall and ToolGroup', () => {
  it('streams args as they arrive, shows progress while running, and collapses when done', async () => {
    const ev = eventBuilder();
    const store = storeFrom([ev('tool.started', toolIds(1), { toolName: 'read_file' }), ev('tool.args', toolIds(1), { delta: '{"path":"src/ma' })]);
    const { container } = renderWith(<ToolCall toolCallId="tc-1" />, store);
    const row = container.querySelector('.aui-tool-call')!;
    expect(row.getAttribute('data-state')).toBe('open');
    expect(row.querySelector('.aui-tool-call__input code')!.textContent).toBe('{"path":"src/ma');
    act(() => void store.getState().ingest([ev('tool.args', toolIds(1), { delta: 'in.ts"}' }), ev('tool.progress', toolIds(1), { progress: 0.4 })]));
    expect([...row.querySelectorAll('.aui-tool-call__args :is(dt, dd)')].map((n) => n.textContent)).toEqual(['path', 'src/main.ts']);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    await expectNoAxeViolations(container);
    act(() => void store.getState().ingest([ev('tool.result', toolIds(1), { preview: 'export {}', outputRef: 'output://tc-1', durationMs: 42 })]));
    expect(row.getAttribute('data-tool-status')).toBe('succeeded');
    expect(row.getAttribute('data-state')).toBe('closed');
    expect(row.querySelector('.aui-tool-call__duration')!.textContent).toBe('42 ms');
  });

  it('opens the full output from its ref through the callback', async () => {
    const user = userEvent.setup();
    const onOpenOutput = vi.fn();
    renderWith(<ToolCall toolCallId="tc-1" onOpenOutput={onOpenOutput} />, storeFrom(fixtureEvents('tool-success')));
    await user.click(screen.getByRole('button', { name: /^read_file/ }));
    await user.click(screen.getByRole('button', { name: 'Open full output' }));
    expect(onOpenOutput).toHaveBeenCalledWith('output://tc-1', 'tc-1');
  });

  it('shows a typed failure open: what happened in words, the message and what to do; Retry only when offered', async () => {
    const user = userEvent.setup();
    const { container } = renderWith(<ToolGroup />, storeFrom(fixtureEvents('tool-failure')));
    const row = container.querySelector('[data-tool-status="failed"]')!;
    expect(row.getAttribute('data-failure-category')).toBe('process_exit');
    // Failed rows start open: the message and the recovery hint are visible without a click.
    expect(row.getAttribute('data-state')).toBe('open');
    const failure = row.querySelector('.aui-tool-call__failure')!.textContent!;
    expect(failure).toContain('The command exited with an error: npm test exited with code 1');
    expect(failure).toContain('What to do: Fix the failing assertion in src/store.test.ts and run again.');
    expect(failure).not.toContain('process_exit');
    // The runtime offers no retry write: no Retry button, and no "Retryable" word without one.
    expect(within(row as HTMLElement).queryByRole('button', { name: 'Retry' })).toBeNull();
    await expectNoAxeViolations(container);
    cleanup();
    const onRetry = vi.fn();
    renderWith(<ToolGroup onRetry={onRetry} />, storeFrom(fixtureEvents('tool-failure')));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledWith('tc-1');
  });

  it('a group lists every row in start order, or one turn\'s rows', () => {
    const { container } = renderWith(<ToolGroup turnId="turn-3" />, storeFrom(fixtureEvents('coding-session')));
    expect([...container.querySelectorAll('.aui-tool-call__name')].map((n) => n.textContent)).toEqual(['read_file', 'edit_file', 'edit_file', 'run_tests']);
  });
});

describe('ActionRequired', () => {
  const approval = () => {
    const ev = eventBuilder();
    const store = storeFrom([ev('turn.started', t1), ev('action.required', { ...t1, actionId: 'a1' }, { prompt: 'Allow write?', severity: 'high', decisionKind: 'allow_or_deny', scope: { path: 'README.md' }, expiresAt: '2026-06-09T10:05:00Z' })]);
    return { ev, store };
  };

  it('sends the decision once, shows responding, and resolves only on the runtime fact', async () => {
    const user = userEvent.setup();
    const { ev, store } = approval();
    let release: () => void = () => undefined;
    const respondAction = vi.fn((_input: unknown) => new Promise<never>((resolve) => (release = () => resolve(ev('runtime.warning', t1, { code: 'ack' }) as never))));
    const { container } = renderWith(<ActionRequired actionId="a1" now={() => Date.parse('2026-06-09T10:04:00Z')} />, store, mockAdapter({ respondAction }));
    const card = container.querySelector('.aui-action')!;
    expect(card.querySelector('.aui-action__expiry')!.getAttribute('data-deadline')).toBe('ahead');
    expect(card.textContent).toContain('path: README.md');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(respondAction).toHaveBeenCalledTimes(1);
    expect(respondAction.mock.calls[0]![0]).toMatchObject({ actionId: 'a1', decision: 'allow' });
    expect(card.getAttribute('data-action-status')).toBe('responding');
    expect(screen.getByRole('button', { name: 'Approve' }).hasAttribute('disabled')).toBe(true);
    await act(async () => release());
    // The write returned, but only the runtime's resolution resolves the card.
    expect(card.getAttribute('data-action-status')).toBe('responding');
    act(() => void store.getState().ingest([ev('action.resolved', { ...t1, actionId: 'a1' }, { decision: 'allow' })]));
    expect(card.getAttribute('data-action-status')).toBe('resolved');
    // One verb set: the button said Approve, the resolved line says Approved.
    expect(card.querySelector('.aui-action__resolution')!.textContent).toMatch(/^Approved · \d\d:\d\d$/);
  });

  it('is keyboard-operable, and focus moves to a new high-severity request', async () => {
    const user = userEvent.setup();
    const { store } = approval();
    const respondAction = vi.fn(async (_input: unknown) => new Promise<never>(() => undefined));
    renderWith(<ActionRequired actionId="a1" />, store, mockAdapter({ respondAction }));
    expect(document.activeElement!.textContent).toBe('Approval');
    await user.tab();
    expect(document.activeElement!.textContent).toBe('Approve');
    await user.tab();
    expect(document.activeElement!.textContent).toBe('Deny');
    await user.keyboard('{Enter}');
    expect(respondAction.mock.calls[0]![0]).toMatchObject({ decision: 'deny' });
  });

  it('renders structured input from the schema and submits the values', async () => {
    const user = userEvent.setup();
    const ev = eventBuilder();
    const schema = {
      type: 'object',
      required: ['channel'],
      properties: {
        channel: { type: 'string', enum: ['stable', 'beta'] },
        note: { type: 'string', title: 'Note' },
        retries: { type: 'integer' },
        notify: { type: 'boolean' },
      },
    };
    const store = storeFrom([ev('action.required', { ...t1, actionId: 'in1' }, { prompt: 'Release how?', severity: 'medium', schema })]);
    const respondAction = vi.fn(async (_input: unknown) => new Promise<never>(() => undefined));
    const { container } = renderWith(<ActionRequired actionId="in1" />, store, mockAdapter({ respondAction }));
    expect(container.querySelector('.aui-action')!.getAttribute('data-action-kind')).toBe('input');
    await user.selectOptions(screen.getByLabelText(/Channel/), 'beta');
    await user.type(screen.getByLabelText('Note'), 'ship it');
    // Without a schema title a field is labelled by its name in words, not as a key.
    await user.type(screen.getByLabelText('Retries'), '3');
    await user.click(screen.getByLabelText('Notify'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(respondAction.mock.calls[0]![0]).toMatchObject({ actionId: 'in1', decision: 'answer', payload: { values: { channel: 'beta', note: 'ship it', retries: 3, notify: true } } });
    await expectNoAxeViolations(container);
  });

  it('a failed write keeps the request, shows the failure and offers to send again', async () => {
    const user = userEvent.setup();
    const { store } = approval();
    const respondAction = vi.fn(async (_input: unknown) => {
      throw new Error('network down');
    });
    renderWith(<ActionRequired actionId="a1" />, store, mockAdapter({ respondAction }));
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Your answer was not delivered: network down'));
    expect(store.getState().actions.byId.get('a1')!.status).toBe('pending');
    await user.click(screen.getByRole('button', { name: 'Send again' }));
    expect(respondAction).toHaveBeenCalledTimes(2);
    expect(respondAction.mock.calls[1]![0]).toMatchObject({ decision: 'allow' });
  });
});

describe('ArtifactCard', () => {
  it('shows unknown for a missing kind, never a guess', async () => {
    const { container } = renderWith(<ArtifactCard artifactId="art-mystery" />, storeFrom(fixtureEvents('degraded-facts')));
    const card = container.querySelector('.aui-artifact')!;
    expect(card.getAttribute('data-kind')).toBe('unknown');
    expect(card.querySelector('.aui-artifact__header [data-fact="unknown"]')).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  /** The fixture without its inline preview, and a preview ref the loader serves. */
  const byRefOnly = (previewRef: string) => {
    const events = fixtureEvents('artifact-evidence').map((e) => {
      const event = e as { eventId: string; payload: Record<string, unknown> };
      return event.eventId === 'ae-0007' ? { ...event, payload: { ...event.payload, preview: undefined } } : event;
    });
    const store = storeFrom(events);
    store.getState().ingest([{ ...(events[5] as object), eventId: 'extra', sequence: 99, payload: { previewRef } }]);
    store.getState().settle();
    return store;
  };

  it('shows its version as text, export state, ids under Details, an inline preview, and opens the workspace with preview and diff by ref', async () => {
    const user = userEvent.setup();
    const loadRef = vi.fn(async (ref: string) => (ref.endsWith('diff') ? '-old line\n+new line' : '# Notes\n\nAll **good**.'));
    const { container } = renderWith(<ArtifactCard artifactId="art-notes" loadRef={loadRef} />, byRefOnly('artifact://art-notes/v2/preview'));
    const card = container.querySelector('.aui-artifact')!;
    // No per-version content exists to switch to: the version is text, not a row of dead buttons.
    expect(card.querySelector('.aui-artifact__versions')!.textContent).toBe('Version 2 of 2');
    expect(card.querySelectorAll('.aui-artifact__versions button, .aui-artifact__versions li')).toHaveLength(0);
    expect(card.getAttribute('data-export-state')).toBe('exported');
    expect(card.querySelector('.aui-artifact__header')!.textContent).toContain('Document');
    expect(card.querySelector('details.aui-artifact__ids')!.textContent).toContain('tc-1');
    await waitFor(() => expect(card.querySelector('.aui-artifact__inline .aui-markdown strong')!.textContent).toBe('good'));
    await user.click(screen.getByRole('button', { name: 'Open Release notes' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog.querySelector('.aui-markdown strong')!.textContent).toBe('good'));
    await user.click(within(dialog).getByRole('tab', { name: 'Diff' }));
    await waitFor(() => expect(dialog.querySelector('[data-diff="add"]')!.textContent).toBe('+new line\n'));
    expect(loadRef).toHaveBeenCalledWith('artifact://art-notes/v1..v2/diff');
    await expectNoAxeViolations(document.body);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a preview ref without a loader is unavailable, and says what is unavailable', async () => {
    const user = userEvent.setup();
    renderWith(<ArtifactCard artifactId="art-notes" />, byRefOnly('artifact://p'));
    await user.click(screen.getByRole('button', { name: 'Open Release notes' }));
    const badge = (await screen.findByRole('dialog')).querySelector('[data-fact="unavailable"]')!;
    expect(badge.textContent).toContain('Preview unavailable');
  });

  it('the fixture\'s own preview opens without a loader (the demo artifact can be read)', async () => {
    const user = userEvent.setup();
    renderWith(<ArtifactCard artifactId="art-notes" />, storeFrom(fixtureEvents('artifact-evidence')));
    await user.click(screen.getByRole('button', { name: 'Open Release notes' }));
    expect((await screen.findByRole('dialog')).querySelector('.aui-markdown > :first-child')!.textContent).toBe('Release notes 2.4');
  });

  it('offers Open only when there is something to open', () => {
    const ev = eventBuilder();
    const cases: [Record<string, unknown>, boolean][] = [
      [{ kind: 'code', status: 'ready', title: 'A', preview: 'x = 1' }, true],
      [{ kind: 'code', status: 'failed', title: 'B', preview: 'x = 1' }, false],
      [{ kind: 'image', status: 'creating', title: 'C', previewRef: 'https://cdn.example/c.png' }, false],
      [{ kind: 'document', status: 'ready', title: 'D' }, false],
    ];
    for (const [payload, openable] of cases) {
      renderWith(<ArtifactCard artifactId="x" />, storeFrom([ev('artifact.changed', { ...t1, artifactId: 'x' }, payload)]));
      expect(screen.queryByRole('button', { name: `Open ${payload.title as string}` }) !== null).toBe(openable);
      cleanup();
    }
  });
});

describe('EvidenceLane', () => {
  it('keeps pack, replay and review refs together, and shows unknown and disputed statuses', async () => {
    const ev = eventBuilder();
    const store = storeFrom([
      readProfileFixture('evidence-export-event.json'),
    ]);
    const other = storeFrom([
      ev('evidence.changed', { ...t1, evidenceId: 'e2' }, { status: 'recorded', verificationOutcomes: [{ name: 'tests', status: 'failed' }] }),
      ev('review.verdict', { ...t1, evidenceId: 'e2' }, { verdict: 'approved', reviewRef: 'review://e2' }),
    ]);
    const first = renderWith(<EvidenceLane />, store);
    const item = first.container.querySelector('.aui-evidence')!;
    expect(item.getAttribute('data-evidence-status')).toBe('unknown');
    expect(item.querySelector('[data-fact="unknown"]')).toBeTruthy();
    // Without an app to open them, refs that are not web links are listed under the developer details.
    expect([...item.querySelectorAll('.aui-evidence__ids dd code')].map((c) => c.textContent).slice(1)).toEqual(['evidence://sess_kit_001/thread_kit_001/turn_kit_001', 'replay://sess_kit_001/turn_kit_001', 'review://sess_kit_001/turn_kit_001']);
    await expectNoAxeViolations(first.container);
    cleanup();
    const second = renderWith(<EvidenceLane />, other);
    const disputed = second.container.querySelector('.aui-evidence')!;
    expect(disputed.getAttribute('data-evidence-status')).toBe('disputed');
    expect(disputed.querySelector('[data-fact="disputed"]')).toBeTruthy();
    expect(disputed.textContent).toContain('Review verdict: Approved');
    // Titled by what it proves (its checks), its id behind Details.
    expect(disputed.querySelector('.aui-evidence__title')!.textContent).toBe('Checks: Tests');
  });
});

describe('SubagentRoster', () => {
  it('lists subagents with lineage; their messages stay in the roster', async () => {
    const user = userEvent.setup();
    const { container } = renderWith(<SubagentRoster />, storeFrom(fixtureEvents('subagent-handoff')));
    const row = container.querySelector('.aui-subagent')!;
    expect(row.getAttribute('data-status')).toBe('completed');
    expect(row.textContent).toContain('researcher');
    expect(row.querySelector('.aui-subagent__status')!.textContent).toBe('Completed');
    // Lineage ids behind a disclosure; what it made, counted in words.
    expect(row.querySelector('details.aui-subagent__ids')!.textContent).toContain('Parent task task-main · Parent thread thread-1');
    expect(row.textContent).toContain('1 artifact: Survey notes');
    expect(row.textContent).toContain('1 evidence record');
    expect(row.textContent).toContain('Three sources found');
    await user.click(screen.getByRole('button', { name: 'Transcript' }));
    expect(row.querySelector('.aui-subagent__transcript')!.textContent).toBe('Searching TanStack Virtual issues.');
    await expectNoAxeViolations(container);
  });
});

describe('DiagnosticsPanel', () => {
  it('filters by code and shows raw events with secrets redacted', async () => {
    const user = userEvent.setup();
    const { container } = renderWith(<DiagnosticsPanel />, storeFrom(fixtureEvents('degraded-facts')));
    expect(container.querySelectorAll('.aui-diagnostic')).toHaveLength(4);
    await user.selectOptions(screen.getByLabelText('Filter by code'), 'An event of a type this kit does not know');
    const rows = container.querySelectorAll('.aui-diagnostic');
    expect(rows).toHaveLength(1);
    const raw = rows[0]!.querySelector('pre')!.textContent!;
    expect(raw).toContain('"apiKey": "[redacted]"');
    expect(raw).not.toContain('sk-live-123');
    await expectNoAxeViolations(container);
  });
});

describe('Composer', () => {
  it('explains why it cannot send without a runtime', async () => {
    const { container } = renderWith(<Composer />);
    expect(container.querySelector('.aui-composer__hint')!.textContent).toBe('Sending is unavailable: no runtime is connected.');
    expect(screen.getByRole('button', { name: 'Send' }).getAttribute('aria-disabled')).toBe('true');
    await expectNoAxeViolations(container);
  });

  it('starts a turn when idle; queues or steers, and interrupts, while a run is active', async () => {
    const user = userEvent.setup();
    const startTurn = vi.fn(async function* () {});
    const cancelTurn = vi.fn(async () => ({ type: 'runtime.warning', eventId: 'c', timestamp: '2026-06-09T10:00:00Z', payload: {} }) as never);
    const ev = eventBuilder();
    const idle = renderWith(<Composer />, storeFrom([]), mockAdapter({ startTurn }));
    await user.type(screen.getByLabelText('Message'), 'Hello{Enter}');
    expect(startTurn).toHaveBeenCalledWith(expect.objectContaining({ prompt: 'Hello', mode: 'start' }));
    idle.unmount();
    renderWith(<Composer />, storeFrom([ev('turn.started', t1)]), mockAdapter({ startTurn, cancelTurn }));
    await user.click(screen.getByRole('radio', { name: 'Steer' }));
    await user.type(screen.getByLabelText('Message'), 'focus on tests');
    await user.click(screen.getByRole('button', { name: 'Steer now' }));
    expect(startTurn).toHaveBeenLastCalledWith(expect.objectContaining({ prompt: 'focus on tests', mode: 'steer' }));
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(cancelTurn).toHaveBeenCalledWith(expect.objectContaining({ turnId: 'turn-1' }));
  });
});

describe('RuntimeStatus reacts to stale', () => {
  it('shows the stale badge the moment the store goes stale', () => {
    const { store, container } = renderWith(<RuntimeStatus />, storeFrom(fixtureEvents('text-basic')));
    expect(container.querySelector('[data-fact="stale"]')).toBeNull();
    act(() => store.getState().markStale('disconnected'));
    expect(container.querySelector('[data-fact="stale"]')).toBeTruthy();
    fireEvent.focus(container.querySelector('[data-fact="stale"]')!);
  });
});
