import { Definitions, FOOTNOTE_DEFINITION, LINK_DEFINITION, type FootnoteSource } from './definitions';

/**
 * Splits markdown into top-level blocks in one linear pass, so a streamed message re-parses only
 * its last, still-growing block: every block before it is final and keeps its object identity.
 *
 * A block ends at a blank line followed by an unindented line (unless a list continues), before
 * and after a top-level fenced code block. Blocks beyond the parse bounds (too large, nested too
 * deep, too dense with inline markers for their size, tables with too many cells) render as plain
 * text: the parser's cost grows faster than linearly there, and nothing is lost by showing text.
 * Link reference and footnote definitions are collected across blocks (definitions.ts), so a
 * reference resolves whichever block defines it.
 */
export type MarkdownBlock =
  | { kind: 'markdown'; start: number; source: string; cost: number; cellsThrough: number }
  | { kind: 'fence'; start: number; source: string; lang: string; code: string; closed: boolean; cellsThrough: number }
  | { kind: 'text'; start: number; source: string; reason: TextReason; cellsThrough: number; columns?: number }
  | { kind: 'footnote'; start: number; source: string; notes: FootnoteSource[]; cellsThrough: number };

/** Why a block is shown as its text: too large, nested too deep, too dense with markers, or a table past the cell caps. */
export type TextReason = 'size' | 'depth' | 'markup' | 'table';

/**
 * What the renderer mounts and parses as one piece: consecutive small blocks together (one parse,
 * one placeholder for many short paragraphs or code blocks), a large code block alone (shown as
 * code without the parser), a text block alone. Every unit before the last is final.
 */
export interface MarkdownUnit {
  kind: 'markdown' | 'fence' | 'text';
  /** Where its first block starts: a stable key. */
  start: number;
  blocks: MarkdownBlock[];
  /** Its blocks' text, blank-line separated (the footnotes between them left out). */
  source: string;
  /** Estimated parse and mount cost (characters of plain prose). */
  cost: number;
}

export interface SplitResult {
  text: string;
  blocks: MarkdownBlock[];
  units: MarkdownUnit[];
  /** Footnote blocks, in order: rendered together at the end of the message. */
  footnotes: Extract<MarkdownBlock, { kind: 'footnote' }>[];
  /** Link and footnote definitions of the whole text (one object along a stream; its `version` says when it changed). */
  definitions: Definitions;
  /** Where this pass started scanning: the start of the previous last block when text was appended. */
  scannedFrom: number;
}

/** Bounds within which a block goes through the markdown parser. */
export const MAX_PARSED_BLOCK = 12_000;
export const MAX_NESTING = 24;
/**
 * A block's estimated parse cost (`cost` on a markdown block), in characters of plain prose: each inline marker (a backtick,
 * asterisk, underscore, bracket...) costs the parser several characters' worth (delimiter runs,
 * label starts, code-span searches), and each container level of a line costs again. Ordinary
 * prose keeps the 12 KB size bound, dense markers get 2-3.5 KB.
 */
export const MAX_PARSE_COST = 20_000;
const MARKER_COST = 8;
const DEPTH_COST = 4;
// A line that may be a link reference definition: the parser tries one on each.
const DEFINITION_START = /^ {0,3}\[/;
const DEFINITION_COST = 48;
/** Every block costs its elements and its share of a parse, however short (33k one-word paragraphs). */
const BLOCK_COST = 24;
/**
 * GFM pads every table row to the header's width: a 2 KB message of a 200-column header and 400
 * one-cell rows is 80,000 cells. Cells count in the parse cost, and a table past MAX_TABLE_CELLS,
 * or past what is left of MAX_MESSAGE_CELLS in its message, is text (with a "show table" button).
 */
export const MAX_TABLE_CELLS = 2_000;
export const MAX_MESSAGE_CELLS = 10_000;
const CELL_COST = 6;
/** A code block costs its header and copy button, and its characters at a fraction of prose. */
export const fenceCost = (code: string) => 150 + code.length / 8;
/** A unit closes once its blocks cost this much: a parse and a mount that fit a slice. */
export const UNIT_COST = 4_000;
/** A code block longer than this is a unit of its own, shown as code without the parser. */
const FENCE_ALONE = 2_000;

const FENCE_OPEN = /^( {0,3})(`{3,}|~{3,})([^\n]*)$/;
// A GFM table's delimiter row, once quote markers are set aside: pipes, dashes, colons, spaces.
const TABLE_DELIMITER = /^\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;
const QUOTE_PREFIX = /^(?: {0,3}>[ \t]?)+/;

/**
 * Blocks of `text`. Given the previous result and text that extends it (a stream appended a
 * delta), only the previous last block onwards is scanned again.
 */
export function splitBlocks(text: string, previous?: SplitResult): SplitResult {
  let kept: MarkdownBlock[] = [];
  let from = 0;
  let definitions: Definitions;
  if (previous && previous.blocks.length > 0 && text.length >= previous.text.length && text.startsWith(previous.text)) {
    kept = previous.blocks.slice(0, -1);
    from = previous.blocks[previous.blocks.length - 1]!.start;
    definitions = previous.definitions;
    definitions.dropFrom(from);
  } else {
    definitions = new Definitions();
  }
  const cellsBefore = kept.length > 0 ? kept[kept.length - 1]!.cellsThrough : 0;
  const scanned = scan(text, from, cellsBefore, definitions);
  definitions.settle();
  const blocks = kept.concat(scanned);
  const units = groupUnits(blocks, previous && kept.length > 0 ? previous.units : undefined);
  const footnotes = previous && kept.length > 0 ? previous.footnotes.filter((f) => f.start < from) : [];
  for (const block of scanned) if (block.kind === 'footnote') footnotes.push(block);
  return { text, blocks, units, footnotes, definitions, scannedFrom: from };
}

function scan(text: string, from: number, cellsBefore: number, definitions: Definitions): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  let cells = cellsBefore;
  let blockStart = -1;
  let blockIsList = false;
  let depth = 0;
  let cost = 0;
  let pendingBlank = false;
  // Definitions are read at the start of a block and while each line is one (they cannot interrupt a paragraph).
  let inDefinitions = false;
  let footnotes: FootnoteSource[] | undefined;
  // Tables: the previous line (a header candidate), the open table's width, its cells, the block's.
  let previousLine = '';
  let columns = 0;
  let widest = 0;
  let tableCells = 0;
  let largestTable = 0;
  let blockCells = 0;
  const closeBlock = (end: number) => {
    if (blockStart < 0) return;
    const source = text.slice(blockStart, end).replace(/\n+$/, '');
    if (source.trim() !== '') {
      const total = source.length + cost + CELL_COST * blockCells;
      let block: MarkdownBlock;
      if (footnotes) block = { kind: 'footnote', start: blockStart, source, notes: footnotes, cellsThrough: cells };
      else if (source.length > MAX_PARSED_BLOCK) block = { kind: 'text', start: blockStart, source, reason: 'size', cellsThrough: cells };
      else if (depth > MAX_NESTING) block = { kind: 'text', start: blockStart, source, reason: 'depth', cellsThrough: cells };
      else if (largestTable > MAX_TABLE_CELLS || cells + blockCells > MAX_MESSAGE_CELLS) block = { kind: 'text', start: blockStart, source, reason: 'table', columns: widest, cellsThrough: cells };
      else if (total > MAX_PARSE_COST) block = { kind: 'text', start: blockStart, source, reason: 'markup', cellsThrough: cells };
      else {
        cells += blockCells;
        block = { kind: 'markdown', start: blockStart, source, cost: total + BLOCK_COST, cellsThrough: cells };
      }
      blocks.push(block);
    }
    blockStart = -1;
    depth = 0;
    cost = 0;
    footnotes = undefined;
    columns = widest = tableCells = largestTable = blockCells = 0;
    previousLine = '';
  };
  let pos = from;
  while (pos < text.length) {
    const newline = text.indexOf('\n', pos);
    const end = newline < 0 ? text.length : newline;
    const line = text.slice(pos, end).replace(/\r$/, '');
    const next = newline < 0 ? text.length : newline + 1;
    if (line.trim() === '') {
      pendingBlank = blockStart >= 0;
      // A blank line ends a table (GFM 4.10).
      columns = 0;
      tableCells = 0;
      pos = next;
      continue;
    }
    const fence = FENCE_OPEN.exec(line);
    // An indented fence under a list item (or inside a footnote) belongs to it: the parser handles it there.
    if (fence && !(fence[2]![0] === '`' && fence[3]!.includes('`')) && !((blockIsList || footnotes) && blockStart >= 0 && fence[1] !== '')) {
      closeBlock(pos);
      pos = fenceBlock(text, pos, next, fence[1]!.length, fence[2]!, fence[3]!, blocks, cells);
      pendingBlank = false;
      continue;
    }
    const indented = line[0] === ' ' || line[0] === '\t';
    const listItem = LIST_ITEM.test(line);
    if (blockStart >= 0 && pendingBlank && !indented && !(blockIsList && listItem)) closeBlock(pos);
    if (blockStart < 0) {
      blockStart = pos;
      blockIsList = listItem;
      inDefinitions = true;
    }
    if (footnotes) {
      // Inside a footnote block: a new note, or the last one's continuation (indented up to 4 spaces).
      const note = FOOTNOTE_DEFINITION.exec(line);
      if (note && !indented) {
        footnotes.push({ label: note[1]!, body: note[2] ?? '' });
        definitions.addFootnote(note[1]!, blockStart);
      } else footnotes[footnotes.length - 1]!.body += `\n${pendingBlank ? '\n' : ''}${line.replace(/^ {1,4}/, '')}`;
    } else if (inDefinitions) {
      const note = pos === blockStart ? FOOTNOTE_DEFINITION.exec(line) : null;
      if (note) {
        footnotes = [{ label: note[1]!, body: note[2] ?? '' }];
        definitions.addFootnote(note[1]!, blockStart);
      } else {
        const link = LINK_DEFINITION.exec(line);
        if (link) definitions.addLink(link[1]!, link[2]!, link[3], blockStart);
        inDefinitions = link !== null;
      }
    }
    // Table rows: each pads to the header's width.
    const row = line.replace(QUOTE_PREFIX, '');
    if (columns > 0) {
      blockCells += columns;
      tableCells += columns;
      largestTable = Math.max(largestTable, tableCells);
    } else if (previousLine.includes('|') && row.includes('-') && TABLE_DELIMITER.test(row.trim())) {
      columns = delimiterCells(row.trim());
      widest = Math.max(widest, columns);
      tableCells = columns; // the header row
      blockCells += columns;
      largestTable = Math.max(largestTable, tableCells);
    }
    previousLine = row;
    const lineDepth = nesting(line);
    depth = Math.max(depth, lineDepth);
    cost += MARKER_COST * markers(line) + DEPTH_COST * lineDepth + (DEFINITION_START.test(line) ? DEFINITION_COST : 0);
    pendingBlank = false;
    pos = next;
  }
  closeBlock(text.length);
  return blocks;
}

/** Cells of a delimiter row: `| :- | -: |` is 2, `-|-` is 2. */
function delimiterCells(row: string): number {
  let inner = row;
  if (inner.startsWith('|')) inner = inner.slice(1);
  if (inner.endsWith('|')) inner = inner.slice(0, -1);
  let count = 1;
  for (let i = 0; i < inner.length; i++) if (inner.charCodeAt(i) === 124) count += 1;
  return count;
}

/**
 * Units of `blocks`: given the previous units of a text this one extends, every unit before the
 * previous last one is kept (same objects) and grouping resumes at that unit's first block.
 */
function groupUnits(blocks: MarkdownBlock[], previous: MarkdownUnit[] | undefined): MarkdownUnit[] {
  const units: MarkdownUnit[] = [];
  let first = 0;
  if (previous && previous.length > 0) {
    const resumeAt = previous[previous.length - 1]!.start;
    for (const unit of previous) {
      if (unit.start >= resumeAt) break;
      units.push(unit);
    }
    while (first < blocks.length && blocks[first]!.start < resumeAt) first += 1;
  }
  let open: MarkdownUnit | undefined;
  const close = () => {
    if (!open) return;
    // Blocks are separated by blank lines or start with a fence (which interrupts a paragraph):
    // joined by a blank line they parse as they did in the message.
    open.source = open.blocks.length === 1 ? open.blocks[0]!.source : open.blocks.map((b) => b.source).join('\n\n');
    units.push(open);
    open = undefined;
  };
  for (let i = first; i < blocks.length; i++) {
    const block = blocks[i]!;
    // Footnotes render at the end of the message: left out of the unit's text.
    if (block.kind === 'footnote') continue;
    if (block.kind === 'text' || (block.kind === 'fence' && block.code.length > FENCE_ALONE)) {
      close();
      units.push({ kind: block.kind, start: block.start, blocks: [block], source: block.source, cost: block.kind === 'fence' ? fenceCost(block.code) : block.source.length });
      continue;
    }
    const cost = block.kind === 'fence' ? fenceCost(block.code) : block.cost;
    if (open && open.cost + cost > Math.max(UNIT_COST, cost)) close();
    open ??= { kind: 'markdown', start: block.start, blocks: [], source: '', cost: 0 };
    open.blocks.push(block);
    open.cost += cost;
  }
  close();
  return units;
}

const LIST_ITEM = /^(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)/;

/** Container depth a line opens: quote markers, list markers and indentation, read up to its content. */
function nesting(line: string): number {
  let depth = 0;
  let spaces = 0;
  let i = 0;
  while (i < line.length) {
    const c = line[i]!;
    if (c === ' ' || c === '\t') {
      spaces += c === '\t' ? 4 : 1;
      i += 1;
    } else if (c === '>') {
      depth += 1;
      i += 1;
    } else if ((c === '-' || c === '*' || c === '+') && (line[i + 1] === ' ' || line[i + 1] === '\t')) {
      depth += 1;
      i += 2;
    } else {
      let j = i;
      while (j < line.length && j - i < 9 && line[j]! >= '0' && line[j]! <= '9') j += 1;
      if (j > i && (line[j] === '.' || line[j] === ')') && (line[j + 1] === ' ' || line[j + 1] === '\t')) {
        depth += 1;
        i = j + 2;
      } else break;
    }
  }
  return depth + Math.floor(spaces / 2);
}

/** Inline markers on a line: the characters that open delimiter runs, labels, code spans, autolinks and escapes. */
function markers(line: string): number {
  let count = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    // ` * _ [ ] < ! ~ \ &
    if (c === 96 || c === 42 || c === 95 || c === 91 || c === 93 || c === 60 || c === 33 || c === 126 || c === 92 || c === 38) count += 1;
  }
  return count;
}

/** A fenced code block from its opening line to its closing fence (or the end: still streaming). */
function fenceBlock(text: string, start: number, contentStart: number, indent: number, marker: string, info: string, blocks: MarkdownBlock[], cellsThrough: number): number {
  const closing = new RegExp(`^ {0,3}${marker[0] === '`' ? '`' : '~'}{${marker.length},}[ \\t]*\\r?$`);
  let pos = contentStart;
  while (pos < text.length) {
    const newline = text.indexOf('\n', pos);
    const end = newline < 0 ? text.length : newline;
    if (closing.test(text.slice(pos, end))) {
      const next = newline < 0 ? text.length : newline + 1;
      blocks.push({ kind: 'fence', start, source: text.slice(start, end), lang: language(info), code: outdent(text.slice(contentStart, Math.max(contentStart, pos - 1)), indent), closed: true, cellsThrough });
      return next;
    }
    pos = newline < 0 ? text.length : newline + 1;
  }
  blocks.push({ kind: 'fence', start, source: text.slice(start), lang: language(info), code: outdent(text.slice(contentStart).replace(/\n$/, ''), indent), closed: false, cellsThrough });
  return text.length;
}

function language(info: string): string {
  return info.trim().split(/\s/, 1)[0] ?? '';
}

/** Content lines of a fence indented by `indent` lose up to that many leading spaces (CommonMark 4.5). */
function outdent(code: string, indent: number): string {
  return indent === 0 ? code : code.replace(new RegExp(`^ {1,${indent}}`, 'gm'), '');
}
