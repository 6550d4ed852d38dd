import type { Meta, StoryObj } from '@storybook/react-vite';
import { ArtifactCard } from '../../src/components/ArtifactCard';
import { Cell, Matrix } from '../support/Cell';
import { storyEvents } from '../support/storyEvents';

const t = { turnId: 'turn-1' };
const card = (payload: Record<string, unknown>, more: Record<string, unknown>[] = []) => {
  const ev = storyEvents();
  return [ev('artifact.changed', { ...t, artifactId: 'art', toolCallId: 'tc-7' }, payload), ...more.map((p) => ev('artifact.changed', { ...t, artifactId: 'art' }, p))];
};

const meta = {
  title: 'Surfaces/ArtifactCard',
  component: ArtifactCard,
  tags: ['autodocs'],
  args: { artifactId: 'art' },
  parameters: { docs: { description: { component: 'Kind (or `unknown`), status, version rail, export state and the tool step it came from. "Open" shows the ArtifactWorkspace dialog with preview and diff loaded by ref (`loadRef`); message text is never read.' } } },
} satisfies Meta<typeof ArtifactCard>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A small chart as an SVG data URL: the kind of URL an app's loader hands back for an image ref. */
const CHART = `data:image/svg+xml;utf8,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="240" height="120" viewBox="0 0 240 120"><rect width="240" height="120" fill="#f6f8fa"/><g fill="#0a58ca"><rect x="20" y="70" width="30" height="40"/><rect x="70" y="45" width="30" height="65"/><rect x="120" y="30" width="30" height="80"/><rect x="170" y="15" width="30" height="95"/></g></svg>')}`;
const REPORT = '## Quarterly report\n\nSignups grew 18% over the quarter; revenue per customer held steady.';
const loadRef = async (ref: string) =>
  ref.endsWith('.png') ? CHART : ref.includes('diff') ? '@@ -3,2 +3,3 @@\n - faster ingest\n - honest badges\n+- artifacts in versions' : ref.endsWith('/v3') ? '# Release notes\n\n- faster ingest\n- honest badges\n- artifacts in versions' : '# Release notes\n\n- faster ingest\n- honest badges';

export const StateMatrix: Story = {
  render: () => {
    const cells: [string, unknown[]][] = [
      ['Code, ready', card({ kind: 'code', status: 'ready', title: 'retry.ts', versionId: 'v1', preview: 'export async function withRetry<T>(run: () => Promise<T>, attempts = 3): Promise<T> {\n  for (let attempt = 1; ; attempt++) {\n    try {\n      return await run();\n    } catch (error) {\n      if (attempt >= attempts) throw error;\n    }\n  }\n}' })],
      ['Release notes in three versions, the last with a diff', card({ kind: 'markdown', status: 'ready', title: 'Release notes', versionId: 'v1', previewRef: 'artifact://art/v1' }, [{ versionId: 'v2', previewRef: 'artifact://art/v2' }, { versionId: 'v3', previewRef: 'artifact://art/v3', diffRef: 'artifact://art/v2..v3/diff' }])],
      ['An image still being made: nothing to open yet', card({ kind: 'image', status: 'creating', title: 'chart.png' })],
      ['A chart, shown on the card', card({ kind: 'image', status: 'ready', title: 'Ingest rate', versionId: 'v1', previewRef: 'artifact://art/chart.png' })],
      ['Code, shown on the card', card({ kind: 'code', status: 'ready', title: 'sequencer.ts', versionId: 'v1', preview: 'export function nextSequence(last: number): number {\n  return last + 1;\n}' })],
      ['Notes loaded from the runtime', card({ kind: 'text', status: 'ready', title: 'notes.txt', versionId: 'v1', previewRef: 'artifact://art/notes.txt' })],
      ['A patch: additions and removals', card({ kind: 'diff', status: 'ready', title: 'store.patch', versionId: 'v1', preview: '@@ -1,2 +1,2 @@\n-const budget = 4;\n+const budget = 8;\n const slice = 1;' })],
      ['The runtime did not say what kind it is', card({ status: 'ready', title: 'Untitled output' })],
      ['The runtime did not say its status', card({ kind: 'document', title: 'Draft' })],
      ['Being exported', card({ kind: 'document', status: 'ready', title: 'Quarterly report', preview: REPORT, exportStatus: 'exporting' })],
      ['Exported', card({ kind: 'document', status: 'ready', title: 'Quarterly report', preview: REPORT, exportStatus: 'exported', exportRef: 'export://report.pdf' })],
      ['The export failed', card({ kind: 'document', status: 'ready', title: 'Quarterly report', preview: REPORT, exportStatus: 'failed' })],
      ['The artifact could not be made', card({ kind: 'code', status: 'failed', title: 'build.zip' })],
    ];
    return (
      <Matrix label="Artifact kinds and states">
        {cells.map(([caption, events]) => (
          <Cell key={caption} caption={caption} events={events}>
            <ArtifactCard artifactId="art" loadRef={loadRef} />
          </Cell>
        ))}
      </Matrix>
    );
  },
};
