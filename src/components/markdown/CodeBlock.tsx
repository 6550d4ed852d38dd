import { useEffect, useState, type ReactNode } from 'react';
import { useLabels } from '../useLabels';
import { scheduleParse } from './parseScheduler';

/** How long the copy button says "Copied" before it offers to copy again. */
export const COPIED_MS = 2_000;
/** Code longer than this is shown without highlighting: its colours are not worth a long task. */
export const MAX_HIGHLIGHTED = 20_000;

type Highlighter = typeof import('./highlight');
let highlighter: Promise<Highlighter> | undefined;
// The highlighter and its grammars are a chunk of their own, loaded with the first code block.
const loadHighlighter = () => (highlighter ??= import('./highlight'));

/**
 * A code block that scrolls instead of wrapping, with its language and a copy button. Its code
 * shows at once as text; colours follow from a lazily loaded Prism highlighter, in an idle slice.
 */
export function CodeBlock({ code, lang }: { code: string; lang?: string }) {
  const t = useLabels();
  const [copied, setCopied] = useState(false);
  const highlighted = useHighlight(code, lang);
  useEffect(() => {
    if (!copied) return;
    const reset = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(reset);
  }, [copied]);
  const copy = () => {
    void navigator.clipboard?.writeText(code).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <div className="aui-markdown__code-block" data-lang={lang || undefined}>
      <div className="aui-markdown__code-header">
        <span className="aui-markdown__code-lang">{lang || t('markdown.code')}</span>
        <button type="button" className="aui-button aui-button--quiet aui-markdown__copy" onClick={copy} data-copied={copied || undefined}>
          {copied ? t('markdown.copied') : t('markdown.copy')}
        </button>
      </div>
      {/* Focusable so keyboard users can scroll a wide block. */}
      <pre className="aui-markdown__code" tabIndex={0}>
        <code className={lang ? `language-${lang}` : undefined} data-highlighted={highlighted ? '' : undefined}>
          {highlighted ?? code}
        </code>
      </pre>
    </div>
  );
}

/** The code as highlighted elements once the highlighter knows `lang`; undefined meanwhile and for other languages. */
function useHighlight(code: string, lang: string | undefined): ReactNode | undefined {
  const [result, setResult] = useState<{ code: string; lang: string; nodes: ReactNode } | undefined>(undefined);
  const wanted = lang && code.length <= MAX_HIGHLIGHTED ? lang.toLowerCase() : undefined;
  useEffect(() => {
    if (!wanted || (result && result.code === code && result.lang === wanted)) return;
    let cancel: (() => void) | undefined;
    let live = true;
    void loadHighlighter().then((module) => {
      if (!live || !module.highlights(wanted)) return;
      // Highlighting is idle work like parsing: a slice at a time, blocks on screen first.
      cancel = scheduleParse(() => setResult({ code, lang: wanted, nodes: module.highlight(code, wanted) }), 50 + code.length / 4, null);
    });
    return () => {
      live = false;
      cancel?.();
    };
  }, [code, wanted, result]);
  if (!result || result.lang !== wanted) return undefined;
  if (result.code === code) return result.nodes;
  // A streamed block grows: its highlighted start stays, the new tail shows as text until the next slice.
  return code.startsWith(result.code) ? (
    <>
      {result.nodes}
      {code.slice(result.code.length)}
    </>
  ) : undefined;
}
