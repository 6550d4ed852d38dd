import { forwardRef, useId, useState, type ComponentPropsWithoutRef } from 'react';
import { dataWord, SafeText } from './safeText';
import { useRuntimeSelector } from '../hooks/useRuntimeSelector';
import { useDisplayText, useRedact } from './displayPolicy';
import { classes } from './format';
import type { Labels } from '../ui/labels';
import { useLabels } from './useLabels';

/** Props of `DiagnosticsPanel`; any other prop goes to its root element where it has one. */
export interface DiagnosticsPanelProps extends ComponentPropsWithoutRef<'div'> {
  /** Overrides for this component's strings by key; the provider's `labels` and the English defaults apply otherwise. */
  labels?: Labels;
}

/** Diagnostics with their raw events (secrets redacted by the store and the app's display policy), filterable by code. */
export const DiagnosticsPanel = forwardRef<HTMLDivElement, DiagnosticsPanelProps>(function DiagnosticsPanel({ labels, className, ...rest }, ref) {
  const table = useRuntimeSelector((s) => s.diagnostics);
  const t = useLabels(labels);
  // The store redacted raw events with the built-in patterns; the app's own patterns apply here.
  const redact = useRedact();
  const show = useDisplayText();
  const [code, setCode] = useState('');
  const selectId = useId();
  const rows = table.ids.map((id) => table.byId.get(id)!);
  const codes = [...new Set(rows.map((d) => d.code))].sort();
  const shown = code ? rows.filter((d) => d.code === code) : rows;
  return (
    <div ref={ref} className={classes('aui-diagnostics', className)} role="group" aria-label={t('diagnostics.region')} data-count={rows.length} {...rest}>
      {rows.length === 0 ? (
        <p className="aui-muted">{t('diagnostics.empty')}</p>
      ) : (
        <>
          <label htmlFor={selectId} className="aui-label">
            {t('diagnostics.filter')}
          </label>{' '}
          {/* Codes are the runtime's: addressed by position, shown through the display policy. */}
          <select id={selectId} value={code ? String(codes.indexOf(code)) : ''} onChange={(e) => setCode(e.target.value === '' ? '' : (codes[Number(e.target.value)] ?? ''))}>
            <option value="">{t('diagnostics.all')}</option>
            {codes.map((c, i) => (
              <option key={c} value={String(i)}>
                {show(c)}
              </option>
            ))}
          </select>
          <ul className="aui-list">
            {shown.map((d) => (
              <li key={d.id} className="aui-diagnostic" data-code={dataWord(d.code)} data-severity={dataWord(d.severity)}>
                <span className="aui-diagnostic__code">
                  <SafeText>{d.code}</SafeText>
                </span>
                {d.line !== undefined && <span className="aui-muted"> · {t('diagnostics.line', { line: d.line })}</span>}
                {d.eventId && (
                  <span className="aui-muted">
                    {' · '}
                    <SafeText>{d.eventId}</SafeText>
                  </span>
                )}
                <p>{redact(d.message)}</p>
                {d.raw !== undefined && (
                  <details>
                    <summary>{t('diagnostics.raw')}</summary>
                    <pre>{JSON.stringify(redact(d.raw), null, 2)}</pre>
                  </details>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
});
