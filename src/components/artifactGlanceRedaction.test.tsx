// @vitest-environment jsdom
// An artifact card's glance is cut at 1,200 characters. Cut before it was redacted, a secret across
// the cut lost the tail its pattern needs and its head was shown: 57 of an age key's 58 characters.
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { eventBuilder, turn } from '../../test/eventBuilder';
import { renderWith, storeFrom, stubLayout } from '../../test/componentHarness';
import { shownIn } from '../../test/shownIn';
import { ArtifactCard } from './ArtifactCard';

beforeAll(() => stubLayout());
afterEach(cleanup);

const AGE_BODY = 'QYZ3KHXLP9W2N8G4T6V0J5RDMF7C1S2ASEZN4H8K3LX9P6WQ0T5R2VMY7';
const AGE_KEY = `AGE-SECRET-KEY-1${AGE_BODY}A`;

it("an artifact card's glance cut at 1,200 characters shows no part of a key across the cut", () => {
  let log = '';
  for (let n = 1; log.length < 1_140; n++) log += `step ${n}: ok\n`;
  const preview = `${log.slice(0, 1_139)}\n${AGE_KEY}\nstep done: ok\n`.padEnd(1_600, '.');
  const ev = eventBuilder();
  const store = storeFrom([ev('turn.started', turn()), ev('artifact.changed', { ...turn(), artifactId: 'art-1' }, { kind: 'text', title: 'keygen.log', status: 'ready', versionId: 'v1', preview })]);
  const shown = shownIn(renderWith(<ArtifactCard artifactId="art-1" />, store).container);
  expect(shown).toContain('step 1: ok');
  expect(shown).not.toContain(AGE_BODY.slice(0, 20));
});
