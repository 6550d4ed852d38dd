import { useEffect, useRef, type Ref } from 'react';
import { useDisplayText } from '../displayPolicy';
import { revealBidiControls } from '../safeText';

// Text shown as text: what a markdown unit is until its markup is ready (or for good, past the
// parse bounds), and a whole message until the markdown code arrives. Apart from Markdown.tsx so a
// thread shows its messages' words before that code is loaded (lazyRows.tsx).

/** The message as text, whole: while a server render or a hydration waits for the parser, or until the markdown module arrives. */
export function WholeText({ text }: { text: string }) {
  const show = useDisplayText();
  return <PlainText source={show(revealBidiControls(text))} />;
}

/**
 * A unit as its own text: past the parse bounds for good, or (pending) until its markup is ready.
 * Off screen it is not laid out (`content-visibility: auto`; laying out 100 KB of text was most of
 * a long message's first frame) and holds about its height meanwhile (set through the CSSOM, so a
 * strict CSP that refuses inline style attributes allows it). A long one is cut at line ends into
 * chunks, so only the chunks on screen are laid out.
 */
export function PlainText({ source, reason, ref }: { source: string; reason?: string; ref?: Ref<HTMLParagraphElement> }) {
  const parts = source.length > PLAIN_CHUNK ? lineChunks(source) : [source];
  const own = useRef<HTMLParagraphElement | null>(null);
  useEffect(() => {
    const p = own.current;
    if (!p) return;
    holdHeight(p, source);
    if (parts.length > 1) p.querySelectorAll<HTMLElement>('.aui-markdown__chunk').forEach((chunk, i) => holdHeight(chunk, parts[i] ?? ''));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the parts follow from the source
  }, [source]);
  return (
    <p
      ref={(el) => {
        own.current = el;
        if (typeof ref === 'function') ref(el);
        else if (ref) ref.current = el;
      }}
      className={reason ? 'aui-markdown__plain' : 'aui-markdown__plain aui-markdown__pending'}
      data-reason={reason}
    >
      {parts.length === 1
        ? source
        : parts.map((part, i) => (
            <span key={i} className="aui-markdown__chunk">
              {part}
            </span>
          ))}
    </p>
  );
}

function holdHeight(el: HTMLElement, text: string): void {
  el.style.containIntrinsicBlockSize = `auto ${estimatedLines(text) * 1.5}em`;
}

const PLAIN_CHUNK = 4_000;

/** `source` cut after the first line end past every PLAIN_CHUNK characters; joined, the same text. */
function lineChunks(source: string): string[] {
  const parts: string[] = [];
  let start = 0;
  while (source.length - start > PLAIN_CHUNK) {
    const cut = source.indexOf('\n', start + PLAIN_CHUNK);
    if (cut < 0) break;
    parts.push(source.slice(start, cut + 1));
    start = cut + 1;
  }
  parts.push(source.slice(start));
  return parts;
}

function estimatedLines(source: string): number {
  let lines = 1;
  for (let i = source.indexOf('\n'); i >= 0; i = source.indexOf('\n', i + 1)) lines += 1;
  return Math.max(lines, Math.ceil(source.length / 90));
}
