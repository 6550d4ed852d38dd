// @vitest-environment jsdom
// Issue 23 item 4: redaction ran on tool args, previews and failure messages only; a well-known
// token shape showed in 31 of 49 text fields. Every runtime string a surface shows now passes the
// display policy. Each field below carries its own GitHub-token-shaped value, so a leak names its field.
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventBuilder, toolIds, turn } from '../../test/eventBuilder';
import { renderWith, storeFrom, stubLayout } from '../../test/componentHarness';
import { AgentWorkbench } from './AgentWorkbench';
import { DisplayPolicyProvider } from './displayPolicy';
import { ArtifactWorkspace } from './ArtifactWorkspace';

beforeAll(() => stubLayout(900, 1200));
afterEach(cleanup);

const fields: string[] = [];
/** A token for `field`, unique to it: `ghp_` and 36 characters, the field's number in them. */
function secret(field: string): string {
  fields.push(field);
  return `ghp_${String(fields.length).padStart(4, '0')}${'Zq7RkX2mNp9TvW4yLc8Hd3Js6Bf1Gx5A'.slice(0, 32)}`;
}

function hostileSession() {
  const ev = eventBuilder();
  const t1 = turn();
  const schema = {
    type: 'object',
    properties: {
      channel: { type: 'string', title: secret('schema title'), description: secret('schema description'), enum: [secret('schema enum value'), 'beta'] },
      note: { type: 'string', default: secret('schema default') },
      pick: { type: 'string', enum: ['a', 'b'], enumNames: [secret('schema enum name'), 'B'] },
    },
  };
  return storeFrom([
    ev('turn.submitted', t1, { text: `deploy with ${secret('user prompt')}` }),
    ev('turn.started', t1),
    ev('run.status', t1, { stage: 'acting', detail: secret('run status detail') }),
    ev('routing.decided', t1, { selectedModel: secret('routing model'), candidateCount: 2, decisionSource: secret('routing source') }),
    ev('task.created', { ...t1, taskId: 'task-1' }, { title: secret('task title'), objective: secret('task objective') }),
    ev('queue.changed', t1, { queued: [{ queueId: 'q1', preview: secret('queued prompt') }] }),
    ev('reasoning.delta', t1, { delta: `thinking about ${secret('reasoning text')}` }),
    ev('model.delta', t1, { delta: `Use ${secret('model text')} and [the docs][d].\n\n\`\`\`sh\nexport T=${secret('model code block')}\n\`\`\`\n\n[d]: https://example.com/x?access_token=${secret('model reference definition')}` }),
    ev('tool.started', toolIds(1), { toolName: secret('tool name'), safeArgs: { path: secret('tool args') } }),
    ev('tool.progress', toolIds(1), { message: secret('tool progress message'), progress: 0.5 }),
    ev('tool.failed', toolIds(1), { failureCategory: secret('tool failure category'), message: secret('tool failure message'), recoveryHint: secret('tool recovery hint'), retryable: true, preview: secret('tool failure preview'), outputRef: `https://x.example/o?token=${secret('tool output ref')}` }),
    ev('tool.started', toolIds(2), { toolName: 'read' }),
    ev('tool.result', toolIds(2), { preview: secret('tool output preview') }),
    ev('action.required', { ...t1, actionId: 'a1' }, { prompt: secret('approval prompt'), severity: 'high', scope: { path: secret('action scope') } }),
    ev('action.required', { ...t1, actionId: 'a2' }, { prompt: 'Which channel?', actionType: 'input', schema }),
    ev('action.required', { ...t1, actionId: 'a3' }, { prompt: secret('resolved approval prompt') }),
    ev('action.resolved', { ...t1, actionId: 'a3' }, { decision: secret('action decision'), respondedBy: secret('responder') }),
    ev('artifact.changed', { ...t1, artifactId: 'art-1' }, { kind: 'code', title: secret('artifact title'), status: 'ready', preview: secret('artifact code preview'), readRef: `https://x.example/r?token=${secret('artifact read ref')}`, versionId: secret('artifact version') }),
    ev('artifact.changed', { ...t1, artifactId: 'art-2' }, { kind: 'markdown', title: 'notes', status: 'ready', preview: `# Notes\n\n${secret('artifact markdown preview')}` }),
    ev('artifact.changed', { ...t1, artifactId: 'art-3' }, { kind: 'diff', title: 'patch', status: 'ready', preview: `+ token ${secret('artifact diff preview')}` }),
    ev('artifact.changed', { ...t1, artifactId: 'art-4' }, { kind: secret('artifact kind'), title: 'odd', status: secret('artifact status') }),
    ev('evidence.changed', { ...toolIds(1), evidenceId: 'ev-1' }, { status: secret('evidence status'), packRef: `https://x.example/p?token=${secret('evidence pack ref')}`, replayRef: `replay://${secret('evidence replay ref')}`, verificationOutcomes: [{ name: secret('evidence check name'), status: secret('evidence check status') }] }),
    ev('review.verdict', { ...t1, evidenceId: 'ev-1' }, { verdict: secret('evidence verdict') }),
    ev('subagent.spawned', { ...t1, subagentId: 'sub-1' }, { role: secret('subagent role'), title: secret('subagent title'), parentTaskId: secret('subagent parent task') }),
    ev('subagent.completed', { ...t1, subagentId: 'sub-1' }, { summary: secret('subagent summary') }),
    ev('rate_limit.hit', t1, { message: secret('rate limit message'), retryAfterMs: 1000 }),
    ev('quota.low', t1, { message: secret('quota message') }),
    ev('runtime.warning', t1, { code: secret('diagnostic code'), message: secret('diagnostic message') }),
    ev('vendor.secret_dump', t1, { note: secret('unknown event payload') }),
  ]);
}

const shownIn = (root: ParentNode) => {
  const attributes = [...root.querySelectorAll('*')].flatMap((el) => [...el.attributes].map((a) => a.value)).join('\n');
  return `${root.textContent}\n${attributes}`;
};

describe('the display policy covers every runtime string a surface shows', () => {
  it('no field shows its token, in text or in an attribute, on any lane or disclosure', async () => {
    const user = userEvent.setup();
    fields.length = 0;
    const store = hostileSession();
    const { container } = renderWith(<AgentWorkbench defaultLane="tools" />, store);
    for (const tab of [...container.querySelectorAll<HTMLElement>('[role="tab"]')]) {
      await user.click(tab);
      for (const toggle of container.querySelectorAll('button[aria-expanded="false"]')) await user.click(toggle);
      for (const details of container.querySelectorAll('details')) details.open = true;
    }
    const shown = shownIn(document.body);
    const leaked = fields.filter((_, i) => shown.includes(`ghp_${String(i + 1).padStart(4, '0')}`));
    expect(fields.length).toBeGreaterThanOrEqual(45);
    const where = [...document.body.querySelectorAll('*')].flatMap((el) => [...el.attributes].filter((a) => a.value.includes('ghp_')).map((a) => `${el.tagName}[${a.name}]`).concat([...el.childNodes].some((n) => n.nodeType === 3 && n.textContent!.includes('ghp_')) ? [`${el.tagName}.${el.className} text`] : []));
    expect({ leaked, where }).toEqual({ leaked: [], where: [] });
    expect(shown).toContain('[redacted]');
  });

  it('the artifact workspace (preview and title) too', () => {
    fields.length = 0;
    const store = hostileSession();
    renderWith(<ArtifactWorkspace artifactId="art-1" open onOpenChange={() => {}} />, store);
    const shown = shownIn(document.body);
    expect(fields.filter((_, i) => shown.includes(`ghp_${String(i + 1).padStart(4, '0')}`))).toEqual([]);
    expect(screen.getAllByText(/\[redacted\]/).length).toBeGreaterThan(0);
  });

  it("an app's own pattern applies to every field as well", async () => {
    const { container } = renderWith(
      <DisplayPolicyProvider redact={{ values: [/acme-[0-9]{6}/g] }}>
        <AgentWorkbench defaultLane="tools" />
      </DisplayPolicyProvider>,
      (() => {
        const ev = eventBuilder();
        const t1 = turn();
        return storeFrom([
          ev('turn.started', t1),
          ev('task.created', { ...t1, taskId: 'k' }, { objective: 'ship acme-123456' }),
          ev('tool.started', toolIds(1), { toolName: 'acme-654321' }),
          ev('model.delta', t1, { delta: 'ticket acme-111111 done' }),
        ]);
      })(),
    );
    const shown = shownIn(container);
    for (const value of ['acme-123456', 'acme-654321', 'acme-111111']) expect(shown).not.toContain(value);
  });
});
