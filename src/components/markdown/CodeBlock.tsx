import { useState } from 'react';
import { useLabels } from '../useLabels';

/** A code block that scrolls instead of wrapping, with its language and a copy button. */
export function CodeBlock({ code, lang }: { code: string; lang?: string }) {
  const t = useLabels();
  const [copied, setCopied] = useState(false);
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
        <button type="button" className="aui-button aui-button--quiet aui-markdown__copy" onClick={copy}>
          {copied ? t('markdown.copied') : t('markdown.copy')}
        </button>
      </div>
      {/* Focusable so keyboard users can scroll a wide block. */}
      <pre className="aui-markdown__code" tabIndex={0}>
        <code className={lang ? `language-${lang}` : undefined}>{code}</code>
      </pre>
    </div>
  );
}
