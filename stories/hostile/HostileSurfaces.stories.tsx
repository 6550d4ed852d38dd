import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { expect, userEvent, waitFor } from 'storybook/test';
import { AgentWorkbench } from '../../src/components/AgentWorkbench';
import type { RuntimeStore } from '../../src/store/createRuntimeStore';
import { preloadKit } from '../../src/components/preloadKit';
import { kitLoaded } from '../support/kitLoaded';
import { StoryProvider } from '../support/StoryProvider';
import { STORY_NOW, storeWith, storyEvents } from '../support/storyEvents';
import { ADVERSARIAL_MARKDOWN, BIDI, LONG_WORD, SECRETS, XSS_VECTORS } from './hostileStrings';

const XSS = XSS_VECTORS.join(' ');
const secretText = (i: number) => SECRETS[i % SECRETS.length]![1];

/** Every hostile string through every field a surface shows. */
function hostileEvents(): unknown[] {
  const e = storyEvents('sess-hostile');
  const t1 = { turnId: 'turn-1' };
  const tool = (n: number) => ({ turnId: 'turn-1', stepId: 'step-1', toolCallId: `tc-${n}` });
  const events: unknown[] = [
    e('turn.submitted', t1, { text: `${XSS} ${LONG_WORD}` }),
    e('turn.started', t1),
    e('routing.decided', t1, { selectedModel: BIDI.rlo, candidateCount: 1, decisionSource: XSS }),
    e('task.created', { ...t1, taskId: 'task-1' }, { objective: `${XSS} ${BIDI.filename}` }),
    e('model.delta', t1, { delta: `${XSS}\n\n${LONG_WORD}\n\nOpen ${BIDI.filename} ![px](//evil.example/pixel.png)\n\n\`\`\`\n${LONG_WORD}\n\`\`\`\n` }),
    ...SECRETS.map(([, text], n) => e('tool.started', tool(n), { toolName: n === 0 ? BIDI.filename : `tool_${n}`, args: { apiKey: 'sk-live-4f3c2b1a0987654321fedcba', command: text, path: BIDI.isolate } })),
    e('tool.started', tool(20), { toolName: 'login' }),
    e('tool.args', tool(20), { delta: '{"user":"ada","password":"correct horse batt' }),
    e('tool.failed', tool(1), { failureCategory: 'process_exit', message: secretText(2), preview: secretText(3), recoveryHint: XSS }),
    e('tool.result', tool(2), { preview: `${secretText(4)}\n${LONG_WORD}` }),
    e('action.required', { ...t1, actionId: 'action-1' }, { prompt: `${XSS} ${LONG_WORD}`, severity: 'high', scope: { url: secretText(1), dsn: secretText(2) } }),
    e('artifact.changed', { ...t1, artifactId: 'art-1' }, { kind: 'image', title: BIDI.filename, status: 'ready', previewRef: '//evil.example/pixel.png' }),
    e('artifact.changed', { ...t1, artifactId: 'art-2' }, { kind: 'markdown', title: BIDI.isolate, status: 'ready', preview: `${XSS}\n\n${ADVERSARIAL_MARKDOWN.brackets}` }),
    e('subagent.spawned', { ...t1, subagentId: 'sub-1' }, { role: XSS, title: BIDI.filename }),
    // Issue 23 item 4: secrets in every other text field a surface shows.
    e('run.status', t1, { stage: 'acting', detail: secretText(10) }),
    e('routing.decided', t1, { selectedModel: secretText(11), candidateCount: 2 }),
    e('task.created', { ...t1, taskId: 'task-2' }, { title: secretText(12), objective: secretText(13) }),
    e('queue.changed', t1, { queued: [{ queueId: 'q1', preview: secretText(14) }] }),
    e('reasoning.delta', t1, { delta: secretText(15) }),
    e('model.delta', t1, { delta: `\n\n${secretText(16)}\n\n` }),
    e('action.required', { ...t1, actionId: 'action-2' }, { prompt: secretText(17), severity: 'medium', actionType: 'input', schema: { type: 'object', properties: { a: { type: 'string', title: secretText(18), description: secretText(19), default: secretText(20) }, b: { type: 'string', enum: [secretText(21), 'x'] } } } }),
    e('artifact.changed', { ...t1, artifactId: 'art-3' }, { kind: 'code', title: secretText(22), status: 'ready', preview: secretText(23) }),
    e('evidence.changed', { ...t1, evidenceId: 'ev-1' }, { status: 'recorded', packRef: `https://x.example/p?token=${SECRETS[24 % SECRETS.length]![2]}`, verificationOutcomes: [{ name: secretText(25), status: 'passed' }] }),
    e('subagent.completed', { ...t1, subagentId: 'sub-1' }, { summary: secretText(26) }),
    e('rate_limit.hit', t1, { message: secretText(5), retryAfterMs: 1000 }),
    e('quota.low', t1, { message: secretText(6) }),
    e('runtime.warning', t1, { code: 'x', message: `${XSS} ${LONG_WORD}` }),
    // An unknown event keeps its raw payload in diagnostics: the secrets in it must not show.
    { ...(e('runtime.warning', t1, {}) as Record<string, unknown>), type: 'vendor.secret_dump', payload: { headers: { Authorization: 'Bearer abcDEF123456ghiJKL789' }, note: SECRETS.map(([, text]) => text).join('\n') } },
  ];
  for (const [n, name] of ['backticks', 'brackets', 'nested quotes', 'asterisk runs', 'underscores', 'nested lists'].entries()) {
    const turn = { turnId: `turn-md-${n}` };
    events.push(e('turn.started', turn), e('model.delta', turn, { delta: ADVERSARIAL_MARKDOWN[name]! }));
  }
  return events;
}

function Workbench({ store }: { store: RuntimeStore }) {
  return (
    <StoryProvider store={store}>
      {/* At most 720 px wide and the window's height: the page itself never scrolls. */}
      <div className="aui-root" style={{ width: 'min(720px, 100%)', height: '100vh' }}>
        <AgentWorkbench defaultLane="tools" now={STORY_NOW} />
      </div>
    </StoryProvider>
  );
}

const meta = {
  title: 'Dev/Hostile/Every surface',
  id: 'hostile-every-surface',
  parameters: {
    layout: 'fullscreen',
    docs: { description: { component: 'The hostile-strings table (XSS vectors, secrets, bidi controls, 60,000-character words, adversarial markdown) pushed through every surface of the workbench. The play function opens every lane and row and checks that no script ran, no secret is in DOM text or attributes, no bidi control is applied, no image loads from an unallowed host, the conversation does not overflow horizontally, and the workbench mounts a bounded number of elements.' } },
    // The hostile content itself (60,000-character words, raw vectors as text) is the subject here; axe runs on the other stories.
    a11y: { test: 'off' },
  },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const SECRET_VALUES = [...SECRETS.map(([, , secret]) => secret), 'sk-live-4f3c2b1a0987654321fedcba', 'correct horse batt', 'abcDEF123456ghiJKL789'];
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;
/**
 * What the workbench may build for the hostile session: its lists are virtualized and long text is
 * bounded, so however long each string is, the mount stays a few thousand elements (a count, not
 * milliseconds: the machine does not change it).
 */
const MOUNT_ELEMENT_LIMIT = 6_000;

export const EverySurface: Story = {
  tags: ['full-height'],
  render: function Render() {
    const store = useMemo(() => storeWith(hostileEvents()), []);
    return <Workbench store={store} />;
  },
  play: async ({ canvasElement, canvas }) => {
    const root = canvasElement.querySelector('.aui-workbench') ?? canvasElement;
    // Narrower than the side-by-side layout, the lanes live in a sheet opened from the header.
    const lanesToggle = canvasElement.querySelector<HTMLElement>('.aui-workbench__lanes-toggle[aria-expanded="false"]');
    if (lanesToggle && getComputedStyle(lanesToggle).display !== 'none') await userEvent.click(lanesToggle);
    await waitFor(() => expect(canvas.getAllByRole('tab').length).toBeGreaterThan(3));
    for (const tab of canvas.getAllByRole('tab')) {
      await userEvent.click(tab);
      // A lane's code arrives when it first shows: wait for it before opening what it holds.
      await kitLoaded(canvasElement);
      for (const toggle of canvasElement.querySelectorAll('button[aria-expanded="false"]')) await userEvent.click(toggle);
      for (const details of canvasElement.querySelectorAll('details')) details.open = true;
    }
    const attributes = [...canvasElement.querySelectorAll('*')].flatMap((el) => [...el.attributes].map((a) => a.value)).join('\n');
    const shown = `${canvasElement.textContent}\n${attributes}`;

    // No script ran and nothing rendered as markup.
    expect((window as { __pwned?: unknown }).__pwned).toBeUndefined();
    expect(canvasElement.querySelectorAll('script, iframe, svg[onload], [onerror], [onload], [ontoggle]')).toHaveLength(0);
    for (const a of canvasElement.querySelectorAll('a[href]')) expect(a.getAttribute('href')).not.toMatch(/^\s*(javascript|data|vbscript):/i);
    // No image from a host the app did not allow (protocol-relative included).
    for (const img of canvasElement.querySelectorAll('img')) expect(img.getAttribute('src')).not.toMatch(/evil\.example/);
    // No secret in text or attributes.
    const leaked = SECRET_VALUES.filter((secret) => shown.includes(secret));
    const where = [...canvasElement.querySelectorAll('*')].filter((el) => el.children.length === 0 && leaked.some((s) => el.textContent!.includes(s))).map((el) => `${el.className || el.tagName}: ${el.textContent!.slice(0, 80)}`);
    expect({ leaked, where }).toEqual({ leaked: [], where: [] });
    // Bidi controls are shown as markers, never applied.
    const applied = [...canvasElement.querySelectorAll('*')].filter((el) => [...el.childNodes].some((n) => n.nodeType === 3 && BIDI_CONTROLS.test(n.textContent!)) || [...el.attributes].some((a) => BIDI_CONTROLS.test(a.value))).map((el) => `${el.className || el.tagName}: ${el.textContent!.slice(0, 60)}`);
    expect(applied).toEqual([]);
    expect(shown).toContain('[U+202E]');
    // The conversation never widens: a 60,000-character word wraps, code scrolls inside its block.
    const scroll = root.querySelector<HTMLElement>('.aui-conversation__scroll')!;
    expect(scroll.scrollWidth).toBeLessThanOrEqual(scroll.clientWidth + 1);
    const inner = root.querySelector<HTMLElement>('.aui-conversation__inner')!;
    expect(inner.getBoundingClientRect().width).toBeLessThanOrEqual(scroll.getBoundingClientRect().width + 1);
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth + 1);
  },
};

export const MountBudget: Story = {
  render: () => <div data-testid="host" />,
  play: async ({ canvas }) => {
    const host = canvas.getByTestId('host');
    const store = storeWith(hostileEvents());
    // The whole workbench mounts at once, as on a page that has loaded the kit's chunks.
    await preloadKit();
    const root = createRoot(host);
    const start = performance.now();
    flushSync(() => root.render(<Workbench store={store} />));
    void host.getBoundingClientRect();
    const elements = host.querySelectorAll('*').length;
    console.log(`hostile workbench mount: ${Math.round(performance.now() - start)} ms, ${elements} elements`);
    expect(elements).toBeLessThanOrEqual(MOUNT_ELEMENT_LIMIT);
    root.unmount();
  },
};
