import { memo, Suspense, useEffect, useId, useMemo, useReducer, useRef, useState, type ReactElement } from 'react';
import { useDisplayPolicy } from './displayPolicy';
import { CodeBlock } from './markdown/CodeBlock';
import { footnoteId } from './markdown/definitions';
import { useServerRender } from './lazyPart';
import { markdownRenderer } from './markdown/loadRenderer';
import { claimSyncParse, countSyncParse, markdownWork, scheduleParse } from './markdown/parseScheduler';
import { PlainText, WholeText } from './markdown/PlainText';
import type { RenderContext } from './markdown/renderMarkdown';
import { fenceCost, splitBlocks, UNIT_COST, type MarkdownBlock, type MarkdownUnit, type SplitResult } from './markdown/splitBlocks';
import { revealBidiControls } from './safeText';
import { useLabels } from './useLabels';

type Renderer = typeof import('./markdown/renderMarkdown');

/**
 * Runtime text as CommonMark + GFM (markdown-it, loaded lazily): no raw HTML ever (tags stay
 * text), links only http/https/mailto/relative, images only from origins the app allows.
 *
 * Streaming: the text is split into top-level blocks in one linear pass that resumes at the last
 * block, and blocks are grouped into units (a few KB each) that are parsed and mounted as one
 * memoized piece, so a delta re-parses only the unit it extends. Link reference and footnote
 * definitions are collected across the whole message, so a reference resolves whichever unit
 * defines it. Blocks past the parse bounds (size, depth, marker density, table cells) are text.
 *
 * A long message never blocks the page: one task parses a bounded amount of new markdown, the
 * other units show their text at once and become markup in idle slices (markdown/parseScheduler).
 */
export const Markdown = memo(function Markdown({ text, className }: { text: string; className?: string }) {
  return (
    <div className={['aui-markdown', className].filter(Boolean).join(' ')}>
      {/* Only a server render or a hydration waits for the parser (client renders never suspend):
          the server's HTML is markup, or the browser renders this message itself. */}
      <Suspense fallback={<WholeText text={text} />}>
        <MarkdownBody text={text} />
      </Suspense>
    </div>
  );
});

function MarkdownBody({ text }: { text: string }) {
  const previous = useRef<SplitResult | undefined>(undefined);
  const split = useMemo(() => {
    // Overrides reorder text and can disguise code (Trojan Source): shown, never applied.
    const next = splitBlocks(revealBidiControls(text), previous.current);
    previous.current = next;
    return next;
  }, [text]);
  const server = useServerMarkup();
  const renderer = useRenderer(server);
  const idPrefix = useId();
  const { imageOrigins, text: show } = useDisplayPolicy();
  const { definitions } = split;
  const version = definitions.version;
  // A new object when a definition appears: units that missed a label parse again.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const context = useMemo<RenderContext>(() => ({ definitions, idPrefix, imageOrigins, show }), [definitions, version, idPrefix, imageOrigins, show]);
  const groups: MarkdownUnit[][] = [];
  for (let i = 0; i < split.units.length; i += GROUP) groups.push(split.units.slice(i, i + GROUP));
  return (
    <>
      {groups.map((group) => (
        <UnitGroup key={group[0]!.start} units={group} renderer={renderer} context={context} server={server} />
      ))}
      {split.footnotes.length > 0 && <Footnotes notes={split.footnotes} renderer={renderer} context={context} server={server} />}
    </>
  );
}

/**
 * True on the server and while hydrating what it rendered: then every unit is markup at once, so
 * the server's HTML is whole and hydration finds the same tree (no main thread to spare there, and
 * a per-task budget would not cut a streamed server render where the client's render cuts it).
 * The renderer is undefined until it arrives (the units show their text meanwhile); a server
 * render or a hydration waits for it instead (Suspense), so what it renders is markup.
 */
const useServerMarkup = useServerRender;
const useRenderer = (server: boolean): Renderer | undefined => markdownRenderer.useModule(server);

// Units are visited in groups, so a delta at the end of a long answer costs React a few group
// comparisons instead of one per unit.
const GROUP = 32;

interface UnitProps {
  renderer: Renderer | undefined;
  context: RenderContext;
  server: boolean;
}

const UnitGroup = memo(
  function UnitGroup({ units, ...rest }: UnitProps & { units: MarkdownUnit[] }) {
    return units.map((unit) => <Unit key={unit.start} unit={unit} {...rest} />);
  },
  // Appending keeps every earlier unit object (splitBlocks), so a group whose ends are the same
  // objects is unchanged.
  (a, b) =>
    a.renderer === b.renderer && a.context === b.context && a.units.length === b.units.length && a.units[0] === b.units[0] && a.units[a.units.length - 1] === b.units[b.units.length - 1],
);

const Unit = memo(
  function Unit({ unit, ...rest }: UnitProps & { unit: MarkdownUnit }) {
    if (unit.kind === 'fence') {
      const block = unit.blocks[0] as Extract<MarkdownBlock, { kind: 'fence' }>;
      return <FenceUnit code={rest.context.show(block.code)} lang={block.lang} source={block.source} server={rest.server} show={rest.context.show} />;
    }
    if (unit.kind === 'text') {
      const block = unit.blocks[0] as Extract<MarkdownBlock, { kind: 'text' }>;
      return block.reason === 'table' ? <TableText block={block} {...rest} /> : <PlainText source={rest.context.show(block.source)} reason={block.reason} />;
    }
    return <ParsedUnit source={unit.source} cost={unit.cost} {...rest} />;
  },
  (a, b) => a.unit.kind === b.unit.kind && a.unit.source === b.unit.source && a.renderer === b.renderer && a.context === b.context,
);

interface Parsed {
  source: string;
  context: RenderContext;
  definitionsVersion: number;
  missedLabel: boolean;
  element: ReactElement;
}

/** Whether `parsed` still shows `source` in `context`: a new definition matters only to a parse that missed a label. */
function current(parsed: Parsed | undefined, source: string, context: RenderContext): parsed is Parsed {
  if (!parsed || parsed.source !== source) return false;
  if (parsed.context === context) return true;
  return (
    parsed.context.definitions === context.definitions &&
    parsed.context.imageOrigins === context.imageOrigins &&
    parsed.context.idPrefix === context.idPrefix &&
    (!parsed.missedLabel || parsed.definitionsVersion === context.definitions.version)
  );
}

function ParsedUnit({ source, cost, ...rest }: UnitProps & { source: string; cost: number }) {
  return useMarkup(source, cost, rest, (renderer) => renderer.renderMarkdown(rest.context.show(source), rest.context));
}

/**
 * `make`'s markup for `source` once it may be parsed: at once within the task's budget (or on the
 * server), else the same words as text now and the markup in an idle slice. Markup that grows or
 * gains a definition stays markup: parsed again at once.
 */
function useMarkup(source: string, cost: number, { renderer, context, server }: UnitProps, make: (renderer: Renderer) => Omit<Parsed, 'source' | 'context' | 'definitionsVersion'>): ReactElement {
  // The parsed element is a pure function of (source, context): a cache, not state.
  const parsed = useRef<Parsed | undefined>(undefined);
  const placeholder = useRef<HTMLParagraphElement>(null);
  const [, upgraded] = useReducer((n: number) => n + 1, 0);
  const makeRef = useRef(make);
  makeRef.current = make;
  let shown: Parsed | undefined;
  if (renderer) {
    if (current(parsed.current, source, context)) shown = parsed.current;
    else if (parsed.current) {
      countSyncParse(cost);
      shown = parsed.current = parse(renderer, source, context, make);
    } else if (server || claimSyncParse(cost)) {
      shown = parsed.current = parse(renderer, source, context, make);
    }
  }
  const waiting = renderer !== undefined && shown === undefined;
  useEffect(() => {
    if (!waiting) return;
    return scheduleParse(
      () => {
        parsed.current = parse(renderer, source, context, makeRef.current);
        upgraded();
      },
      cost,
      placeholder.current,
    );
  }, [waiting, renderer, source, cost, context]);
  // The same words at once, as text; the markup follows in an idle slice.
  return shown ? shown.element : <PlainText source={context.show(source)} ref={placeholder} />;
}

/** One parse; a parser failure (an input the bounds missed) leaves the unit as its text. */
function parse(renderer: Renderer, source: string, context: RenderContext, make: (renderer: Renderer) => Omit<Parsed, 'source' | 'context' | 'definitionsVersion'>): Parsed {
  markdownWork.parses += 1;
  markdownWork.parsedChars += source.length;
  const definitionsVersion = context.definitions.version;
  try {
    return { source, context, definitionsVersion, ...make(renderer) };
  } catch {
    return { source, context, definitionsVersion, missedLabel: false, element: <PlainText source={context.show(source)} reason="error" /> };
  }
}

/** A code block too long to share a unit: shown as code without the parser, mounted within the task budget. */
function FenceUnit({ code, lang, source, server, show }: { code: string; lang: string; source: string; server: boolean; show: (value: string) => string }) {
  const [ready, setReady] = useState(() => server || claimSyncParse(fenceCost(code)));
  const placeholder = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (ready) return;
    return scheduleParse(() => setReady(true), fenceCost(code), placeholder.current);
    // The cost only orders idle work; a longer code block needs no new slot.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready]);
  return ready ? <CodeBlock code={code} lang={lang || undefined} /> : <PlainText source={show(source)} ref={placeholder} />;
}

/** Cells a table shown on request may mount: past it, its first rows and a note. */
export const SHOWN_TABLE_CELLS = 20_000;

/**
 * A table past the cell caps: its text, and a button that renders it as a table on request (up to
 * SHOWN_TABLE_CELLS cells: a 2 KB message can pad out to 80,000).
 */
function TableText({ block, renderer, context }: UnitProps & { block: Extract<MarkdownBlock, { kind: 'text' }> }) {
  const t = useLabels();
  const [asked, setAsked] = useState(false);
  const shown = useMemo(() => {
    if (!asked || !renderer) return undefined;
    const lines = block.source.split('\n');
    const keep = Math.max(3, Math.floor(SHOWN_TABLE_CELLS / Math.max(1, block.columns ?? 1)));
    const source = lines.slice(0, keep).join('\n');
    const rendered = parse(renderer, source, context, (r) => r.renderMarkdown(context.show(source), context));
    return { element: rendered.element, cut: lines.length > keep ? { shown: keep - 2, total: lines.length - 2 } : undefined };
  }, [asked, renderer, block, context]);
  if (shown) {
    return (
      <>
        {shown.element}
        {shown.cut && <p className="aui-markdown__table-note">{t('markdown.tableCut', { shown: shown.cut.shown, total: shown.cut.total })}</p>}
      </>
    );
  }
  return (
    <div className="aui-markdown__table-text">
      <button
        type="button"
        className="aui-button aui-button--quiet aui-markdown__show-table"
        onClick={() => {
          setAsked(true);
          void markdownRenderer.load().catch(() => undefined);
        }}
      >
        {t('markdown.showTable')}
      </button>
      <PlainText source={context.show(block.source)} reason="table" />
    </div>
  );
}

/** The message's footnotes, in definition order, parsed in units of notes like the text above them. */
function Footnotes({ notes, ...rest }: UnitProps & { notes: Extract<MarkdownBlock, { kind: 'footnote' }>[] }) {
  const t = useLabels();
  const { definitions, idPrefix } = rest.context;
  const groups: FootnoteItem[][] = [];
  let group: FootnoteItem[] = [];
  let cost = 0;
  const seen = new Set<number>();
  for (const block of notes) {
    for (const note of block.notes) {
      const number = definitions.footnoteNumber(note.label);
      if (number === undefined || seen.has(number)) continue;
      seen.add(number);
      if (group.length > 0 && cost + note.body.length + FOOTNOTE_COST > UNIT_COST) {
        groups.push(group);
        group = [];
        cost = 0;
      }
      group.push({ id: footnoteId(idPrefix, number), number, body: note.body });
      cost += note.body.length + FOOTNOTE_COST;
    }
  }
  if (group.length > 0) groups.push(group);
  return (
    <section className="aui-markdown__footnotes" aria-label={t('markdown.footnotes')}>
      {groups.map((items) => (
        <FootnoteGroup key={items[0]!.number} items={items} {...rest} />
      ))}
    </section>
  );
}

interface FootnoteItem {
  id: string;
  number: number;
  body: string;
}

/** Every note costs its list item and back link besides its text. */
const FOOTNOTE_COST = 48;

/** A run of notes: one list (numbered from its first note), parsed and mounted together. */
function FootnoteGroup({ items, ...rest }: UnitProps & { items: FootnoteItem[] }) {
  const source = items.map((item) => item.body).join('\n\n');
  return useMarkup(source, source.length + FOOTNOTE_COST * items.length, rest, (renderer) => {
    let missedLabel = false;
    const list = items.map((item) => {
      const rendered = renderer.renderMarkdown(rest.context.show(item.body), rest.context);
      missedLabel ||= rendered.missedLabel;
      return (
        <li key={item.number} id={item.id}>
          {rendered.element}
        </li>
      );
    });
    return { missedLabel, element: <ol start={items[0]!.number}>{list}</ol> };
  });
}
