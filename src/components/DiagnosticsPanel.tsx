import { forwardRef, memo, useId, useMemo, useState, type ComponentPropsWithoutRef } from 'react';
import { SafeText } from './safeText';
import { dataWord } from './dataWord';
import { useRuntimeSelector } from '../hooks/useRuntimeSelector';
import { useRedact } from './displayPolicy';
import { classes } from './format';
import type { Labels } from '../ui/labels';
import { IconFailed, IconWarning } from './icons';
import { useLabels, type Translate } from './useLabels';
import { displayWord } from './valueLabel';
import { knownValueLabel } from './knownValueLabel';
import { VirtualList, type VirtualRowProps } from './VirtualList';

const MAX_CODES = 500;

/** Props of `DiagnosticsPanel`; any other prop goes to its root element where it has one. */
export interface DiagnosticsPanelProps extends ComponentPropsWithoutRef<'div'> {
  /** Overrides for this component's strings by key; the provider's `labels` and the English defaults apply otherwise. */
  labels?: Labels;
  /** Mount only the diagnostics in view (default `true`); `false` renders every one (server rendering). */
  virtualize?: boolean;
}

/** Diagnostics with their raw events (secrets redacted by the store and the app's display policy), filterable by code. */
export const DiagnosticsPanel = forwardRef<HTMLDivElement, DiagnosticsPanelProps>(function DiagnosticsPanel({ labels, virtualize, className, ...rest }, ref) {
  const table = useRuntimeSelector((s) => s.diagnostics);
  const t = useLabels(labels);
  const [code, setCode] = useState('');
  const selectId = useId();
  // A runtime can invent any number of codes: the filter offers the first MAX_CODES.
  const codes = useMemo(() => [...new Set(table.ids.map((id) => table.byId.get(id)!.code))].sort().slice(0, MAX_CODES), [table]);
  const shown = useMemo(() => (code ? table.ids.filter((id) => table.byId.get(id)!.code === code) : table.ids), [table, code]);
  const rows = table.ids;
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
            {/* Codes are the runtime's: addressed by position, shown in words through the display policy. */}
            <select id={selectId} value={code ? String(codes.indexOf(code)) : ''} onChange={(e) => setCode(e.target.value === '' ? '' : (codes[Number(e.target.value)] ?? ''))}>
              <option value="">{t('diagnostics.all')}</option>
              {codes.map((c, i) => (
                <option key={c} value={String(i)}>
                  {codeWords(t, c)}
                </option>
              ))}
            </select>
          </div>
          <VirtualList keys={shown} estimateSize={72} className="aui-list" virtualize={virtualize} renderRow={(id, rowProps) => <DiagnosticRow id={id} rowProps={rowProps} labels={labels} />} />
        </>
      )}
    </div>
  );
});

/** The kit's own codes in plain words; a code the runtime chose is its own word, redacted and made readable. */
function codeWords(t: Translate, code: string): string {
  return knownValueLabel(t, 'diagnostic.code', code) ?? displayWord(t, code);
}

/** One diagnostic, subscribed alone: what happened in words, the runtime's message, the code, line, event and raw event on request. */
const DiagnosticRow = memo(function DiagnosticRow({ id, rowProps, labels }: { id: string; rowProps: VirtualRowProps; labels?: Labels }) {
  const d = useRuntimeSelector((s) => s.diagnostics.byId.get(id));
  const t = useLabels(labels);
  // The store redacted raw events with the built-in patterns; the app's own patterns apply here.
  const redact = useRedact();
  if (!d) return <li {...rowProps} />;
  const own = knownValueLabel(t, 'diagnostic.code', d.code) !== undefined;
  return (
    <li {...rowProps} className={classes('aui-diagnostic', rowProps.className)} data-code={dataWord(d.code)} data-severity={dataWord(d.severity)}>
      <p className="aui-diagnostic__what">
        {d.severity === 'error' ? <IconFailed /> : <IconWarning />} {codeWords(t, d.code)}
      </p>
      {/* The runtime's own message is prose for the reader; the kit's is for developers. */}
      {!own && <p className="aui-diagnostic__message">{redact(d.message)}</p>}
      <details className="aui-dev-details">
        <summary>{t('dev.details')}</summary>
        <dl>
          <dt>{t('dev.code')}</dt>
          <dd><code className="aui-diagnostic__code"><SafeText>{d.code}</SafeText></code></dd>
          {d.line !== undefined && (
            <>
              <dt>{t('dev.line')}</dt>
              <dd>{t('diagnostics.line', { line: d.line })}</dd>
            </>
          )}
          {d.eventId && (
            <>
              <dt>{t('dev.eventId')}</dt>
              <dd><code><SafeText>{d.eventId}</SafeText></code></dd>
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
});
