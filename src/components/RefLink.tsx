import { useDisplayText } from './displayPolicy';
import { IconOpenExternal } from './icons';
import { safeHref } from './safeHref';

/** Opens a ref the runtime gave (`evidence://…`, `replay://…`): the app decides what opening means. */
export type OpenRef = (ref: string, what: string) => void;

/**
 * A ref as an action: a button when the app opens refs (it gets the runtime's value), a link when it
 * is a safe web URL (redacted like any shown string: a presigned URL's signature never enters the
 * page), else nothing here.
 */
export function RefAction({ value, label, onOpenRef }: { value: string; label: string; onOpenRef?: OpenRef }) {
  const show = useDisplayText();
  if (onOpenRef) {
    return (
      <button type="button" className="aui-button aui-ref-action" onClick={() => onOpenRef(value, label)}>
        <IconOpenExternal />{label}
      </button>
    );
  }
  const href = refHref(show(value));
  return href ? (
    <a className="aui-button aui-ref-action" href={href} target="_blank" rel="noopener noreferrer nofollow">
      <IconOpenExternal />{label}
    </a>
  ) : null;
}

/** The ref as a web link, when it is one and safe (refs like replay:// are ids, not links). */
export function refHref(value: string): string | undefined {
  const href = safeHref(value);
  return href !== undefined && /^(https?:|\/)/i.test(href) ? href : undefined;
}

