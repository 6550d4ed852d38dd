import { memo, useEffect, useMemo, useReducer, useRef, useState, useSyncExternalStore, type ComponentProps, type ReactElement, type ReactNode, type Ref } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { allowedImageSrc, useDisplayPolicy } from './displayPolicy';
import { CodeBlock } from './markdown/CodeBlock';
import { claimSyncParse, countSyncParse, markdownWork, scheduleParse } from './markdown/parseScheduler';
import { splitBlocks, type MarkdownBlock, type SplitResult } from './markdown/splitBlocks';
import { safeHref } from './safeHref';
import { revealBidiControls } from './safeText';
import { useLabels } from './useLabels';

/**
 * Runtime text as CommonMark + GFM (react-markdown + remark-gfm): no raw HTML ever (tags stay
 * text), links only http/https/mailto/relative, images only from origins the app allows.
 *
 * Streaming: the text is split into top-level blocks in one linear pass that resumes at the last
 * block, and each block is a memoized component, so a delta re-parses only the block it extends.
 * Fenced code skips the parser; blocks past the parse bounds render as plain text.
 *
 * A long message never blocks the page: one task parses a bounded amount of new markdown, the
 * other blocks show their text at once and become markup in idle slices (markdown/parseScheduler).
 */
export const Markdown = memo(function Markdown({ text, className }: { text: string; className?: string }) {
  const previous = useRef<SplitResult | undefined>(undefined);
  const { blocks } = useMemo(() => {
    // Overrides reorder text and can disguise code (Trojan Source): shown, never applied.
    const next = splitBlocks(revealBidiControls(text), previous.current);
    previous.current = next;
    return next;
  }, [text]);
  const groups: MarkdownBlock[][] = [];
  for (let i = 0; i < blocks.length; i += GROUP) groups.push(blocks.slice(i, i + GROUP));
  return (
    <div className={['aui-markdown', className].filter(Boolean).join(' ')}>
      {groups.map((group) => (
        <BlockGroup key={group[0]!.start} blocks={group} />
      ))}
    </div>
  );
});

// Completed blocks are visited in groups, so a delta at the end of a long answer costs React a
// few group comparisons instead of one per block.
const GROUP = 32;

const BlockGroup = memo(
  function BlockGroup({ blocks }: { blocks: MarkdownBlock[] }) {
    return blocks.map((block) => <Block key={block.start} block={block} />);
  },
  // Appending keeps every earlier block object (splitBlocks), so a group whose ends are the same
  // objects is unchanged.
  (a, b) => a.blocks.length === b.blocks.length && a.blocks[0] === b.blocks[0] && a.blocks[a.blocks.length - 1] === b.blocks[b.blocks.length - 1],
);

const Block = memo(
  function Block({ block }: { block: MarkdownBlock }) {
    if (block.kind === 'fence') return <FenceBlock code={block.code} lang={block.lang} source={block.source} />;
    if (block.kind === 'text') return <PlainText source={block.source} reason={block.reason} />;
    return <ParsedBlock source={block.source} cost={block.cost} />;
  },
  (a, b) => a.block.kind === b.block.kind && a.block.source === b.block.source,
);

interface Parsed {
  source: string;
  components: Components;
  element: ReactElement;
}

/**
 * A block as its own text: past the parse bounds for good, or (pending) until its markup is ready.
 * Off screen it is not laid out (`content-visibility: auto`; laying out 100 KB of text was most of
 * a long message's first frame) and holds about its height meanwhile. A long one is cut at line
 * ends into chunks, so only the chunks on screen are laid out.
 */
function PlainText({ source, reason, ref }: { source: string; reason?: string; ref?: Ref<HTMLParagraphElement> }) {
  const parts = source.length > PLAIN_CHUNK ? lineChunks(source) : [source];
  return (
    <p
      ref={ref}
      className={reason ? 'aui-markdown__plain' : 'aui-markdown__plain aui-markdown__pending'}
      data-reason={reason}
      style={{ containIntrinsicBlockSize: `auto ${estimatedLines(source) * 1.5}em` }}
    >
      {parts.length === 1
        ? source
        : parts.map((part, i) => (
            <span key={i} className="aui-markdown__chunk" style={{ containIntrinsicBlockSize: `auto ${estimatedLines(part) * 1.5}em` }}>
              {part}
            </span>
          ))}
    </p>
  );
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

// A code block is cheap to build but not free (header, copy button): 600 of them took 166 ms.
const fenceCost = (code: string) => 150 + code.length / 8;

/**
 * True on the server and while hydrating what it rendered: then every block is markup at once, so
 * the server's HTML is whole and hydration finds the same tree (no main thread to spare there, and
 * a per-task budget would not cut a streamed server render where the client's render cuts it).
 */
function useServerMarkup(): boolean {
  return useSyncExternalStore(subscribeNever, onClient, onServer);
}
const subscribeNever = () => () => {};
const onClient = () => false;
const onServer = () => true;

function FenceBlock({ code, lang, source }: { code: string; lang: string; source: string }) {
  const server = useServerMarkup();
  const [ready, setReady] = useState(() => server || claimSyncParse(fenceCost(code)));
  const placeholder = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (ready) return;
    return scheduleParse(() => setReady(true), fenceCost(code), placeholder.current);
    // The cost only orders idle work; a longer code block needs no new slot.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready]);
  return ready ? <CodeBlock code={code} lang={lang} /> : <PlainText source={source} ref={placeholder} />;
}

function ParsedBlock({ source, cost }: { source: string; cost: number }) {
  const { imageOrigins } = useDisplayPolicy();
  const components = componentsFor(imageOrigins);
  const server = useServerMarkup();
  // The parsed element is a pure function of (source, components): a cache, not state.
  const parsed = useRef<Parsed | undefined>(undefined);
  const placeholder = useRef<HTMLParagraphElement>(null);
  const [, upgraded] = useReducer((n: number) => n + 1, 0);
  let current = parsed.current;
  if (current && (current.source !== source || current.components !== components)) {
    // Markup that grows (a streamed delta) or changes policy stays markup: parsed now.
    countSyncParse(cost);
    current = parsed.current = parse(source, components);
  } else if (!current && (server || claimSyncParse(cost))) {
    current = parsed.current = parse(source, components);
  }
  const waiting = current === undefined;
  useEffect(() => {
    if (!waiting) return;
    return scheduleParse(
      () => {
        parsed.current = parse(source, components);
        upgraded();
      },
      cost,
      placeholder.current,
    );
  }, [waiting, source, cost, components]);
  // The same words at once, as text; the markup follows in an idle slice.
  return current ? current.element : <PlainText source={source} ref={placeholder} />;
}

/**
 * react-markdown's synchronous component called as a function: the parse happens here, when we
 * choose. A parser failure (an input the bounds missed) leaves the block as its text.
 */
function parse(source: string, components: Components): Parsed {
  markdownWork.parses += 1;
  let element: ReactElement;
  try {
    element = ReactMarkdown({ children: source, remarkPlugins: REMARK_PLUGINS, components, urlTransform: keepUrl });
  } catch {
    element = <PlainText source={source} reason="error" />;
  }
  return { source, components, element };
}

const REMARK_PLUGINS = [remarkGfm];

// Links and images are judged by their own components below, which see the original URL.
const keepUrl = (url: string) => url;

// One components object per image policy, shared by every block: a long message has hundreds.
const componentsByPolicy = new WeakMap<readonly string[], Components>();

function componentsFor(imageOrigins: readonly string[]): Components {
  let components = componentsByPolicy.get(imageOrigins);
  if (!components) componentsByPolicy.set(imageOrigins, (components = buildComponents(imageOrigins)));
  return components;
}

function buildComponents(imageOrigins: readonly string[]): Components {
  return {
    // Message headings sit under the app's own headings: start at h3.
    h1: ({ node: _, ...props }) => <h3 {...props} />,
    h2: ({ node: _, ...props }) => <h4 {...props} />,
    h3: ({ node: _, ...props }) => <h5 {...props} />,
    h4: ({ node: _, ...props }) => <h6 {...props} />,
    h5: ({ node: _, ...props }) => <h6 {...props} />,
    h6: ({ node: _, ...props }) => <h6 {...props} />,
    a: SafeLink,
    img: ({ src, alt }) => <SafeImage src={typeof src === 'string' ? src : ''} alt={alt ?? ''} imageOrigins={imageOrigins} />,
    pre: CodeInList,
    table: ({ node: _, ...props }) => (
      <div className="aui-markdown__table">
        <table {...props} />
      </div>
    ),
  };
}

function SafeLink({ href, children }: ComponentProps<'a'> & { node?: unknown }) {
  const t = useLabels();
  const safe = href === undefined ? undefined : safeHref(href);
  if (safe === undefined) {
    // An unsafe target is shown, not followed.
    return (
      <span className="aui-markdown__unsafe-link" title={t('markdown.linkBlocked')}>
        {children}
      </span>
    );
  }
  return (
    <a href={safe} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  );
}

function SafeImage({ src, alt, imageOrigins }: { src: string; alt: string; imageOrigins: readonly string[] }) {
  const t = useLabels();
  const allowed = allowedImageSrc(src, imageOrigins);
  if (allowed) return <img src={allowed} alt={alt} loading="lazy" referrerPolicy="no-referrer" />;
  // Not loaded: a request to an arbitrary host would tell it who is reading.
  return (
    <span className="aui-markdown__blocked-image" title={t('markdown.imageBlocked')}>
      {alt ? `[${alt}]` : `[${t('markdown.image')}]`}
    </span>
  );
}

/** Fenced code nested in a list or quote: the same block as a top-level fence. */
function CodeInList({ node }: { node?: { children?: unknown[] }; children?: ReactNode }) {
  const code = node?.children?.[0] as { properties?: { className?: unknown }; children?: { value?: string }[] } | undefined;
  const classNames = Array.isArray(code?.properties?.className) ? (code.properties.className as string[]) : [];
  const lang = classNames.find((c) => c.startsWith('language-'))?.slice('language-'.length);
  const text = (code?.children ?? []).map((child) => child.value ?? '').join('').replace(/\n$/, '');
  return <CodeBlock code={text} lang={lang} />;
}
