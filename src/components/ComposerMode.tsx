import type { Labels } from '../ui/labels';
import { ToggleGroup } from './ToggleGroup';
import { useLabels } from './useLabels';

// The composer's choice, while a turn runs, between steering it and queueing after it: a chunk of
// its own with its toggle group (lazyComposerMode.tsx), as a composer shows it only during a turn.

/** Props of `ComposerMode`: the chosen mode and its change; steering is off while the turn is blocked. */
export interface ComposerModeProps {
  mode: 'queue' | 'steer';
  onModeChange: (mode: 'queue' | 'steer') => void;
  steerBlocked: boolean;
  /** The id of the choice's label: the composer's own (its ids stay what they were when it rendered the choice itself). */
  labelId: string;
  labels?: Labels;
}

/** "While the agent works:" Steer or Queue, a radio group. */
export function ComposerMode({ mode, onModeChange, steerBlocked, labelId, labels }: ComposerModeProps) {
  const t = useLabels(labels);
  return (
    <div className="aui-composer__mode">
      <span id={labelId} className="aui-composer__mode-label">{t('composer.mode')}</span>
      <ToggleGroup.Root value={mode} onValueChange={(v) => onModeChange(v as 'queue' | 'steer')} aria-labelledby={labelId} className="aui-toggle-group">
        <ToggleGroup.Item value="steer" className="aui-toggle" disabled={steerBlocked}>{t('composer.steer')}</ToggleGroup.Item>
        <ToggleGroup.Item value="queue" className="aui-toggle">{t('composer.queue')}</ToggleGroup.Item>
      </ToggleGroup.Root>
    </div>
  );
}
