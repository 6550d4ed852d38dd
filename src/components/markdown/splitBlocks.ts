/**
 * Splits markdown into top-level blocks in one linear pass, so a streamed message re-parses only
 * its last, still-growing block: every block before it is final and keeps its object identity.
 *
 * A block ends at a blank line followed by an unindented line (unless a list continues), before
 * and after a top-level fenced code block. Fenced code never reaches the markdown parser: it is
 * rendered directly. Blocks beyond the parse bounds (too large, nested too deep, too dense with
 * inline markers for their size) render as plain text: the parser's cost grows faster than
 * linearly there, and nothing is lost by showing text.
 */
export type MarkdownBlock =
  | { kind: 'markdown'; start: number; source: string; cost: number }
  | { kind: 'fence'; start: number; source: string; lang: string; code: string; closed: boolean }
  | { kind: 'text'; start: number; source: string; reason: 'size' | 'depth' | 'markup' };

export interface SplitResult {
  text: string;
  blocks: MarkdownBlock[];
  /** Where this pass started scanning: the start of the previous last block when text was appended. */
  scannedFrom: number;
}

/** Bounds within which a block goes through the markdown parser. */
export const MAX_PARSED_BLOCK = 12_000;
export const MAX_NESTING = 24;
/**
 * A block's estimated parse cost (`cost` on a markdown block), in characters of plain prose: each inline marker (a backtick,
 * asterisk, underscore, bracket...) costs micromark several characters' worth (delimiter runs,
 * label starts, code-span searches), and each container level of a line costs again. Measured in
 * Chromium (npm run bench:markdown): 12 KB of `**a* ` took 3-7x what 12 KB of an ordinary answer did;
 * with these weights, ordinary prose keeps the 12 KB size bound, dense markers get 2-3.5 KB.
 */
export const MAX_PARSE_COST = 20_000;
const MARKER_COST = 8;
const DEPTH_COST = 4;
// A line that may be a link reference definition: micromark tries one, and 5 KB of `[a]: b`
// lines took longer than 12 KB of an ordinary answer.
const DEFINITION_START = /^ {0,3}\[/;
const DEFINITION_COST = 48;

const FENCE_OPEN = /^( {0,3})(`{3,}|~{3,})([^\n]*)$/;

/**
 * Blocks of `text`. Given the previous result and text that extends it (a stream appended a
 * delta), only the previous last block onwards is scanned again.
 */
export function splitBlocks(text: string, previous?: SplitResult): SplitResult {
  let kept: MarkdownBlock[] = [];
  let from = 0;
  if (previous && previous.blocks.length > 0 && text.length >= previous.text.length && text.startsWith(previous.text)) {
    kept = previous.blocks.slice(0, -1);
    from = previous.blocks[previous.blocks.length - 1]!.start;
  }
  return { text, blocks: kept.concat(scan(text, from)), scannedFrom: from };
}

function scan(text: string, from: number): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  let blockStart = -1;
  let blockIsList = false;
  let depth = 0;
  let cost = 0;
  let pendingBlank = false;
  const closeBlock = (end: number) => {
    if (blockStart < 0) return;
    const source = text.slice(blockStart, end).replace(/\n+$/, '');
    if (source.trim() !== '') {
      if (source.length > MAX_PARSED_BLOCK) blocks.push({ kind: 'text', start: blockStart, source, reason: 'size' });
      else if (depth > MAX_NESTING) blocks.push({ kind: 'text', start: blockStart, source, reason: 'depth' });
      else if (source.length + cost > MAX_PARSE_COST) blocks.push({ kind: 'text', start: blockStart, source, reason: 'markup' });
      else blocks.push({ kind: 'markdown', start: blockStart, source, cost: source.length + cost });
    }
    blockStart = -1;
    depth = 0;
    cost = 0;
  };
  let pos = from;
  while (pos < text.length) {
    const newline = text.indexOf('\n', pos);
    const end = newline < 0 ? text.length : newline;
    const line = text.slice(pos, end).replace(/\r$/, '');
    const next = newline < 0 ? text.length : newline + 1;
    if (line.trim() === '') {
      pendingBlank = blockStart >= 0;
      pos = next;
      continue;
    }
    const fence = FENCE_OPEN.exec(line);
    // An indented fence under a list item belongs to the item: the parser handles it there.
    if (fence && !(fence[2]![0] === '`' && fence[3]!.includes('`')) && !(blockIsList && blockStart >= 0 && fence[1] !== '')) {
      closeBlock(pos);
      pos = fenceBlock(text, pos, next, fence[1]!.length, fence[2]!, fence[3]!, blocks);
      pendingBlank = false;
      continue;
    }
    const indented = line[0] === ' ' || line[0] === '\t';
    const listItem = LIST_ITEM.test(line);
    if (blockStart >= 0 && pendingBlank && !indented && !(blockIsList && listItem)) closeBlock(pos);
    if (blockStart < 0) {
      blockStart = pos;
      blockIsList = listItem;
    }
    const lineDepth = nesting(line);
    depth = Math.max(depth, lineDepth);
    cost += MARKER_COST * markers(line) + DEPTH_COST * lineDepth + (DEFINITION_START.test(line) ? DEFINITION_COST : 0);
    pendingBlank = false;
    pos = next;
  }
  closeBlock(text.length);
  return blocks;
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
function fenceBlock(text: string, start: number, contentStart: number, indent: number, marker: string, info: string, blocks: MarkdownBlock[]): number {
  const closing = new RegExp(`^ {0,3}${marker[0] === '`' ? '`' : '~'}{${marker.length},}[ \\t]*\\r?$`);
  let pos = contentStart;
  while (pos < text.length) {
    const newline = text.indexOf('\n', pos);
    const end = newline < 0 ? text.length : newline;
    if (closing.test(text.slice(pos, end))) {
      const next = newline < 0 ? text.length : newline + 1;
      blocks.push({ kind: 'fence', start, source: text.slice(start, end), lang: language(info), code: outdent(text.slice(contentStart, Math.max(contentStart, pos - 1)), indent), closed: true });
      return next;
    }
    pos = newline < 0 ? text.length : newline + 1;
  }
  blocks.push({ kind: 'fence', start, source: text.slice(start), lang: language(info), code: outdent(text.slice(contentStart).replace(/\n$/, ''), indent), closed: false });
  return text.length;
}

function language(info: string): string {
  return info.trim().split(/\s/, 1)[0] ?? '';
}

/** Content lines of a fence indented by `indent` lose up to that many leading spaces (CommonMark 4.5). */
function outdent(code: string, indent: number): string {
  return indent === 0 ? code : code.replace(new RegExp(`^ {1,${indent}}`, 'gm'), '');
}
