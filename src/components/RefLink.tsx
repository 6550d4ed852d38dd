import { safeHref } from './safeHref';

/** A ref the runtime gave: a link when it is a safe URL, otherwise its text (refs like replay:// are ids, not links). */
export function RefLink({ value, label }: { value: string; label: string }) {
  const href = safeHref(value);
  const linkable = href !== undefined && /^(https?:|\/)/i.test(href);
  return (
    <span className="aui-ref">
      <span className="aui-label">{label}</span>{' '}
      {linkable ? (
        <a href={href} target="_blank" rel="noopener noreferrer nofollow">
          {value}
        </a>
      ) : (
        <code>{value}</code>
      )}
    </span>
  );
}
