import { memo, type ReactNode } from 'react';
import { safeHref } from './safeHref';

/**
 * Runtime text as sanitized markdown: no raw HTML ever (tags stay text), links only with safe
 * protocols, and unterminated syntax mid-stream (an open code fence, a lone `**`) renders as
 * text rather than breaking the message. Headings, lists, quotes, fenced code, inline code,
 * emphasis and links.
 */
export const Markdown = memo(function Markdown({ text, className }: { text: string; className?: string }) {
  return <div className={['aui-markdown', className].filter(Boolean).join(' ')}>{renderBlocks(text)}</div>;
});

type Block =
  | { kind: 'code'; lang: string; text: string }
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] }
  | { kind: 'quote'; text: string }
  | { kind: 'paragraph'; text: string };

export function parseBlocks(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const endParagraph = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', text: paragraph.join('\n') });
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fence = /^\s*(```|~~~)\s*([\w+-]*)\s*$/.exec(line);
    if (fence) {
      endParagraph();
      const code: string[] = [];
      i += 1;
      while (i < lines.length && !lines[i]!.trim().startsWith(fence[1]!)) code.push(lines[i++]!);
      blocks.push({ kind: 'code', lang: fence[2] ?? '', text: code.join('\n') });
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      endParagraph();
      blocks.push({ kind: 'heading', level: heading[1]!.length, text: heading[2]! });
      continue;
    }
    const item = /^\s*(?:([-*+])|(\d+)[.)])\s+(.*)$/.exec(line);
    if (item) {
      endParagraph();
      const ordered = item[2] !== undefined;
      const last = blocks[blocks.length - 1];
      if (last?.kind === 'list' && last.ordered === ordered) last.items.push(item[3]!);
      else blocks.push({ kind: 'list', ordered, items: [item[3]!] });
      continue;
    }
    const quote = /^\s*>\s?(.*)$/.exec(line);
    if (quote) {
      endParagraph();
      const last = blocks[blocks.length - 1];
      if (last?.kind === 'quote') last.text += `\n${quote[1]}`;
      else blocks.push({ kind: 'quote', text: quote[1]! });
      continue;
    }
    if (line.trim() === '') endParagraph();
    else paragraph.push(line);
  }
  endParagraph();
  return blocks;
}

function renderBlocks(source: string): ReactNode[] {
  return parseBlocks(source).map((block, i) => {
    switch (block.kind) {
      case 'code':
        return (
          <pre key={i} className="aui-markdown__code" data-lang={block.lang || undefined}>
            <code>{block.text}</code>
          </pre>
        );
      case 'heading': {
        // Message headings sit under the app's own headings: start at h3.
        const Tag = `h${Math.min(6, block.level + 2)}` as 'h3';
        return <Tag key={i}>{renderInline(block.text)}</Tag>;
      }
      case 'list': {
        const List = block.ordered ? 'ol' : 'ul';
        return <List key={i}>{block.items.map((item, j) => <li key={j}>{renderInline(item)}</li>)}</List>;
      }
      case 'quote':
        return <blockquote key={i}>{renderInline(block.text)}</blockquote>;
      default:
        return <p key={i}>{renderInline(block.text)}</p>;
    }
  });
}

const INLINE = /(`+)([\s\S]*?[^`])\1(?!`)|\*\*([^*\n]+)\*\*|__([^_\n]+)__|\*([^*\n]+)\*|_([^_\n]+)_|\[([^\]\n]*)\]\(([^)\s]+)\)/g;

export function renderInline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  let key = 0;
  for (const m of text.matchAll(INLINE)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    if (m[1] !== undefined) out.push(<code key={key++}>{m[2]}</code>);
    else if (m[3] !== undefined || m[4] !== undefined) out.push(<strong key={key++}>{renderInline(m[3] ?? m[4]!)}</strong>);
    else if (m[5] !== undefined || m[6] !== undefined) out.push(<em key={key++}>{renderInline(m[5] ?? m[6]!)}</em>);
    else {
      const href = safeHref(m[8]!);
      out.push(
        href ? (
          <a key={key++} href={href} target="_blank" rel="noopener noreferrer nofollow">
            {m[7] || href}
          </a>
        ) : (
          // An unsafe target is shown, not followed.
          <span key={key++} className="aui-markdown__unsafe-link" title="Link blocked: unsafe protocol">
            {m[0]}
          </span>
        ),
      );
    }
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}
