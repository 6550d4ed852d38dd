// @vitest-environment jsdom
// Leak: the live region clips an answer or a prompt to 160 characters and only then redacts it
// (`t('live.message', { text: clip(...) })`: the label fills redact their vars). A secret across
// the cut loses its tail, no pattern matches what is left, and its head is spoken and kept in
// the region: 57 of an age key's 58 secret characters, 35 of an npm token's 36.
import { act, cleanup } from '@testing-library/react';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { eventBuilder, turn } from '../../test/eventBuilder';
import { renderWith, storeFrom, stubLayout } from '../../test/componentHarness';
import { ANNOUNCE_QUIET_MS, LiveAnnouncer } from './LiveAnnouncer';
import { redactSecrets } from '../protocol/redactSecrets';

beforeAll(() => stubLayout());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const AGE_BODY = 'QYZ3KHXLP9W2N8G4T6V0J5RDMF7C1S2ASEZN4H8K3LX9P6WQ0T5R2VMY7';
const AGE_KEY = `AGE-SECRET-KEY-1${AGE_BODY}A`; // 16 + 58
const NPM_BODY = 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8';
const NPM_TOKEN = `npm_${NPM_BODY}`; // 4 + 36

/** `text` padded with words so that `secret` starts at `at` (the clip keeps characters 0..158). */
const placed = (lead: string, secret: string, at: number) => `${lead}${' word'.repeat(40)}`.slice(0, at - 1).trimEnd().padEnd(at - 1, 'x') + ` ${secret} (stored in the vault).`;

it('the announcement of an answer and of a request says no part of a secret', () => {
  const answer = placed('Created the backup identity.', AGE_KEY, 86);
  const prompt = placed('Publish the package with the token', NPM_TOKEN, 120);
  // Whole, each is redacted: the leak is the clip before redaction.
  expect(redactSecrets.text!(answer)).not.toContain(AGE_BODY.slice(0, 20));
  expect(redactSecrets.text!(prompt)).not.toContain(NPM_BODY.slice(0, 20));

  vi.useFakeTimers();
  const ev = eventBuilder();
  const t = turn();
  const store = storeFrom([ev('turn.submitted', t, { text: 'Back up the keys' }), ev('turn.started', t)]);
  const { container } = renderWith(<LiveAnnouncer />, store);
  const region = container.querySelector('[role="status"]')!;
  act(() => store.getState().ingest([ev('model.delta', t, { delta: answer }), ev('model.completed', t, { text: answer })]));
  act(() => store.getState().ingest([ev('action.required', { ...t, actionId: 'act-1' }, { actionType: 'tool_permission', prompt })]));
  act(() => vi.advanceTimersByTime(ANNOUNCE_QUIET_MS * 2));
  const said = region.textContent ?? '';
  expect(said).toContain('Created the backup identity');
  expect(said).toContain('Publish the package');
  expect(said).not.toContain(AGE_BODY.slice(0, 20));
  expect(said).not.toContain(NPM_BODY.slice(0, 20));
});
