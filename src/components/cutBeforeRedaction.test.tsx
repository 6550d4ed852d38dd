// @vitest-environment jsdom
// Text cut to a budget before it is redacted showed a secret's head: the store capped a tool's
// output preview at `previewBudget` (2,000) when it took the event, and the redactor sliced a long
// string at 8,000 before its patterns ran; a secret across the cut lost the tail its pattern needs
// (57 of an age key's 58 characters were shown). Every such cut now stops before a token it would
// split (`cutWhole`), and a ref's loaded content too. The artifact card's glance: artifactGlanceRedaction.test.tsx.
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { eventBuilder, toolIds, turn } from '../../test/eventBuilder';
import { renderWith, storeFrom, stubLayout } from '../../test/componentHarness';
import { ArtifactCard } from './ArtifactCard';
import { ToolCall } from './ToolCall';
import { redactSecrets } from '../protocol/redactSecrets';
import { shownIn } from '../../test/shownIn';

beforeAll(() => stubLayout());
afterEach(cleanup);

const AGE_BODY = 'QYZ3KHXLP9W2N8G4T6V0J5RDMF7C1S2ASEZN4H8K3LX9P6WQ0T5R2VMY7';
const AGE_KEY = `AGE-SECRET-KEY-1${AGE_BODY}A`;

/** Log lines, then `secret` starting at `at`, then more lines. */
function logWith(secret: string, at: number): string {
  let text = '';
  for (let n = 1; text.length < at; n++) text += `step ${n}: ok\n`;
  text = `${text.slice(0, at - 1)}\n`;
  return `${text}${secret}\nstep done: ok\n`.padEnd(at + 400, '.');
}

it("a tool's output preview cut at the store's budget shows no part of a key", () => {
  const preview = logWith(AGE_KEY, 2_000 - 60);
  expect(redactSecrets.text!(preview)).not.toContain(AGE_BODY.slice(0, 20));
  const ev = eventBuilder();
  const store = storeFrom([ev('turn.started', turn()), ev('tool.started', toolIds(1), { toolName: 'age-keygen' }), ev('tool.result', toolIds(1), { preview })]);
  const { container } = renderWith(<ToolCall toolCallId="tc-1" defaultOpen />, store);
  const shown = shownIn(container);
  expect(shown).toContain('step 1: ok');
  expect(shown).not.toContain(AGE_BODY.slice(0, 20));
});

// The redactor itself: a string over 8,000 characters is sliced at 8,000 before its patterns run
// and cut at 4,000 after. When a secret earlier in it shrinks (a PEM block becomes `[redacted]`),
// what straddled the 8,000 slice moves inside the 4,000 shown, its tail already gone.
it('a long failure message (a key block, then a key across character 8,000) shows no part of the second key', () => {
  const pem = `-----BEGIN PRIVATE KEY-----\n${'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7\n'.repeat(130)}-----END PRIVATE KEY-----\n`;
  const message = `${pem}${logWith(AGE_KEY, 8_000 - 60 - pem.length)}`;
  expect(message.indexOf(AGE_KEY)).toBe(8_000 - 60);
  expect(redactSecrets.text!(message)).not.toContain(AGE_BODY.slice(0, 20));
  expect(redactSecrets(message)).not.toContain(AGE_BODY.slice(0, 20));
});

it('… and on screen (a tool failure message)', () => {
  const pem = `-----BEGIN PRIVATE KEY-----\n${'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7\n'.repeat(130)}-----END PRIVATE KEY-----\n`;
  const message = `${pem}${logWith(AGE_KEY, 8_000 - 60 - pem.length)}`;
  const ev = eventBuilder();
  const store = storeFrom([ev('turn.started', turn()), ev('tool.started', toolIds(1), { toolName: 'keys' }), ev('tool.failed', toolIds(1), { failureCategory: 'process_exit', message })]);
  const { container } = renderWith(<ToolCall toolCallId="tc-1" defaultOpen />, store);
  const shown = shownIn(container);
  expect(shown).toContain('step 1: ok');
  expect(shown).not.toContain(AGE_BODY.slice(0, 20));
});

it("a ref's loaded content cut at the view's budget shows no part of a key", async () => {
  const text = logWith(AGE_KEY, 3_000 - 60);
  const loadRef = async () => text;
  const ev = eventBuilder();
  const store = storeFrom([
    ev('turn.started', turn()),
    ev('artifact.changed', { ...turn(), artifactId: 'art-1' }, { kind: 'text', title: 'keygen.log', status: 'ready', versionId: 'v1', previewRef: 'artifact://art-1/v1/preview' }),
  ]);
  renderWith(<ArtifactCard artifactId="art-1" loadRef={loadRef} previewBudget={3_000} />, store);
  await userEvent.setup().click(screen.getByRole('button', { name: 'Open keygen.log' }));
  const dialog = await screen.findByRole('dialog');
  await waitFor(() => expect(shownIn(dialog)).toContain('step 1: ok'));
  expect(shownIn(dialog)).not.toContain(AGE_BODY.slice(0, 20));
});

it('a preview that is one token longer than the budget is cut to nothing: no empty box, the cut said, the full output behind its ref', () => {
  const ev = eventBuilder();
  const store = storeFrom([ev('turn.started', turn()), ev('tool.started', toolIds(1), { toolName: 'dump' }), ev('tool.result', toolIds(1), { preview: 'Q'.repeat(3_000), outputRef: 'output://tc-1' })]);
  const { container } = renderWith(<ToolCall toolCallId="tc-1" defaultOpen />, store);
  const output = container.querySelector('.aui-tool-call__output')!;
  expect(output.querySelector('pre')).toBeNull();
  expect(output.textContent).toContain('Preview cut at the size limit');
  expect(shownIn(container)).not.toContain('QQQQ');
});
