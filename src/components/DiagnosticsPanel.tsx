import { forwardRef, useId, useState, type ComponentPropsWithoutRef } from 'react';
import { useRuntimeSelector } from '../hooks/useRuntimeSelector';
import { useRedact } from './displayPolicy';
import { classes } from './format';
import type { Labels } from '../ui/labels';
import { IconFailed, IconWarning } from './icons';
import { useLabels } from './useLabels';
import { humanize, knownValueLabel } from './valueLabel';

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
  const [code, setCode] = useState('');
  const selectId = useId();
  const rows = table.ids.map((id) => table.byId.get(id)!);
  const codes = [...new Set(rows.map((d) => d.code))].sort();
  const shown = code ? rows.filter((d) => d.code === code) : rows;
  // The kit's own codes in plain words; a code the runtime chose is its own word, made readable.
  const what = (c: string) => knownValueLabel(t, 'diagnostic.code', c) ?? humanize(c);
  return (
    <div ref={ref} className={classes('aui-diagnostics', className)} role="group" aria-label={t('diagnostics.region')} data-count={rows.length} {...rest}>
      {rows.length === 0 ? (
        <p className="aui-muted">{t('diagnostics.empty')}</p>
      ) : (
        <>
          <div className="aui-diagnostics__filter">
            <label htmlFor={selectId} className="aui-label">
              {t('diagnostics.filter')}
            </label>
            <select id={selectId} value={code} onChange={(e) => setCode(e.target.value)}>
              <option value="">{t('diagnostics.all')}</option>
              {codes.map((c) => (
                <option key={c} value={c}>
                  {what(c)}
                </option>
              ))}
            </select>
          </div>
          <ul className="aui-list">
            {shown.map((d) => {
              const own = knownValueLabel(t, 'diagnostic.code', d.code) !== undefined;
              return (
                <li key={d.id} className="aui-diagnostic" data-code={d.code} data-severity={d.severity}>
                  <p className="aui-diagnostic__what">
                    {d.severity === 'error' ? <IconFailed /> : <IconWarning />} {what(d.code)}
                  </p>
                  {/* The runtime's own message is prose for the reader; the kit's is for developers. */}
                  {!own && <p className="aui-diagnostic__message">{redact(d.message)}</p>}
                  <details className="aui-dev-details">
                    <summary>{t('dev.details')}</summary>
                    <dl>
                      <dt>{t('dev.code')}</dt>
                      <dd><code className="aui-diagnostic__code">{d.code}</code></dd>
                      {d.line !== undefined && (
                        <>
                          <dt>{t('dev.line')}</dt>
                          <dd>{t('diagnostics.line', { line: d.line })}</dd>
                        </>
                      )}
                      {d.eventId && (
                        <>
                          <dt>{t('dev.eventId')}</dt>
                          <dd><code>{d.eventId}</code></dd>
                        </>
                      )}
                    </dl>
                    {own && <p><code>{redact(d.message)}</code></p>}
                    {d.raw !== undefined && (
                      <>
                        <p>{t('diagnostics.raw')}</p>
                        <pre>{JSON.stringify(redact(d.raw), null, 2)}</pre>
                      </>
                    )}
                  </details>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </div>
  );
});
