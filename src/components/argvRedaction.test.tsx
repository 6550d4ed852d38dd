// @vitest-environment jsdom
// An argv given as an array (how most runtimes pass a spawned command): `["curl", "-u", "ada:pw"]`
// and a flag named for a password that was not on the short list (`--db-password x`, a key the kit
// itself calls secret) kept the password. A flag is now judged as a key.
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { eventBuilder, toolIds, turn } from '../../test/eventBuilder';
import { renderWith, storeFrom, stubLayout } from '../../test/componentHarness';
import { ToolCall } from './ToolCall';
import { isSecretKey, redactSecrets } from '../protocol/redactSecrets';
import { shownIn } from '../../test/shownIn';

beforeAll(() => stubLayout());
afterEach(cleanup);

const shownFor = (safeArgs: Record<string, unknown>) => {
  const ev = eventBuilder();
  const store = storeFrom([ev('turn.started', turn()), ev('tool.started', toolIds(1), { toolName: 'exec', safeArgs })]);
  return shownIn(renderWith(<ToolCall toolCallId="tc-1" defaultOpen />, store).container);
};

it('curl -u user:password as an argv array', () => {
  // As a string it is redacted:
  expect(redactSecrets('curl -u ada:hunter2horse https://api.example.com')).not.toContain('hunter2horse');
  const shown = shownFor({ argv: ['curl', '-u', 'ada:hunter2horse', 'https://api.example.com'] });
  expect(shown).toContain('api.example.com');
  expect(shown).not.toContain('hunter2horse');
});

it('--db-password value as an argv array and as a command', () => {
  expect(isSecretKey('db-password')).toBe(true);
  const shown = shownFor({ argv: ['migrate', '--db-password', 'hunter3horse'], command: 'migrate --db-password hunter4horse --dry-run' });
  expect(shown).toContain('migrate');
  expect(shown).not.toContain('hunter3horse');
  expect(shown).not.toContain('hunter4horse');
});
