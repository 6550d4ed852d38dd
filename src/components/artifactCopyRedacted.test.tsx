// @vitest-environment jsdom
// Leak: ArtifactWorkspace's Copy (and Download) hand the artifact's raw text to the clipboard (and
// the file), while the preview on screen is redacted. "Copy copies what is shown" is the promise.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { eventBuilder, turn } from '../../test/eventBuilder';
import { renderWith, storeFrom, stubLayout } from '../../test/componentHarness';
import { ArtifactCard } from './ArtifactCard';
import { shownIn } from '../../test/shownIn';

beforeAll(() => stubLayout());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const SECRET = 'ghp_Zq7RkX2mNp9TvW4yLc8Hd3Js6Bf1Gx5A0000';

it('Copy of an artifact preview puts no secret on the clipboard (the screen shows it redacted)', async () => {
  const ev = eventBuilder();
  const store = storeFrom([
    ev('turn.started', turn()),
    ev('artifact.changed', { ...turn(), artifactId: 'art-1' }, { kind: 'code', title: 'deploy.sh', status: 'ready', versionId: 'v1', preview: `export GITHUB_TOKEN=${SECRET}\n./deploy` }),
  ]);
  const user = userEvent.setup();
  const writeText = vi.fn(async (_text: string) => undefined);
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
  renderWith(<ArtifactCard artifactId="art-1" />, store);
  await user.click(screen.getByRole('button', { name: 'Open deploy.sh' }));
  const dialog = await screen.findByRole('dialog');
  // On screen: redacted.
  expect(shownIn(dialog)).not.toContain(SECRET);
  expect(shownIn(dialog)).toContain('[redacted]');
  await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
  expect(writeText).toHaveBeenCalledTimes(1);
  expect(writeText.mock.calls[0]![0]).not.toContain(SECRET);
});
