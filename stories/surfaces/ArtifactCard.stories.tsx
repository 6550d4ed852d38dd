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

const loadRef = async (ref: string) => (ref.includes('diff') ? '@@ -1 +1 @@\n-const a = 1;\n+const a = 2;' : '# Release notes\n\n- faster ingest\n- honest badges');

export const StateMatrix: Story = {
  render: () => {
    const cells: [string, unknown[]][] = [
      ['kind: code, ready, v1', card({ kind: 'code', status: 'ready', title: 'store.patch', versionId: 'v1' })],
      ['kind: markdown, versions v1→v3', card({ kind: 'markdown', status: 'ready', title: 'Release notes', versionId: 'v1' }, [{ versionId: 'v2' }, { versionId: 'v3', diffRef: 'artifact://art/v2..v3/diff' }])],
      ['kind: image, creating', card({ kind: 'image', status: 'creating', title: 'chart.png' })],
      ['kind missing → unknown', card({ status: 'ready', title: 'Untitled output' })],
      ['status missing → unknown', card({ kind: 'document', title: 'Draft' })],
      ['exporting', card({ kind: 'document', status: 'ready', title: 'Report', exportStatus: 'exporting' })],
      ['exported', card({ kind: 'document', status: 'ready', title: 'Report', exportStatus: 'exported', exportRef: 'export://report.pdf' })],
      ['export failed', card({ kind: 'document', status: 'ready', title: 'Report', exportStatus: 'failed' })],
      ['failed artifact', card({ kind: 'code', status: 'failed', title: 'build.zip' })],
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
