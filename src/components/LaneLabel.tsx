import { shallowEqual, useRuntimeSelector } from '../hooks/useRuntimeSelector';
import { selectHistoryPending } from '../store/selectors/historyPending';
import { selectLaneCounts, type LaneCounts } from '../store/selectors/laneCounts';
import type { Labels } from '../ui/labels';
import type { ShellLabelKey } from '../ui/shellLabels';
import { useShellLabels } from './useShellLabels';

/** A side lane's tab: its name and how many records it holds (diagnostics: the degraded facts), "at least" while history loads. */
export function LaneLabel({ lane, labels }: { lane: keyof LaneCounts; labels?: Labels }) {
  const counts = useRuntimeSelector(selectLaneCounts, shallowEqual);
  const t = useShellLabels(labels);
  // While a backlog's history is still applied (newest turns first), a count is a floor: "50+".
  const floor = useRuntimeSelector(selectHistoryPending);
  const count = counts[lane];
  return (
    <>
      {t(`workbench.${lane}` as ShellLabelKey)}
      {count > 0 && ' '}
      {count > 0 && (
        <span className="aui-tabs__count" data-lane={lane} data-count={count}>
          {count}
          {floor && '+'}
        </span>
      )}
    </>
  );
}
