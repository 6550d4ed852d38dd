import { shallowEqual, useRuntimeSelector } from '../hooks/useRuntimeSelector';
import { selectLaneCounts, type LaneCounts } from '../store/selectors/laneCounts';
import type { LabelKey, Labels } from '../ui/labels';
import { useLabels } from './useLabels';

/** A side lane's tab: its name and how many records it holds (diagnostics: the degraded facts). */
export function LaneLabel({ lane, labels }: { lane: keyof LaneCounts; labels?: Labels }) {
  const counts = useRuntimeSelector(selectLaneCounts, shallowEqual);
  const t = useLabels(labels);
  const count = counts[lane];
  return (
    <>
      {t(`workbench.${lane}` as LabelKey)}
      {count > 0 && ' '}
      {count > 0 && (
        <span className="aui-tabs__count" data-lane={lane} data-count={count}>
          {count}
        </span>
      )}
    </>
  );
}
