// A message is parsed a few blocks at a time, so a reference (`See [the docs][d].`, `[^1]`) and its
// definition (`[d]: https://…`, `[^1]: …`) are often in different parses. The block scan collects
// every definition of the message here; each parse resolves its references against it.

/** A link reference definition as written: the renderer normalizes and checks the URL. */
export interface LinkDefinition {
  href: string;
  title?: string;
}

/** A footnote definition: its label and its body (markdown, continuation lines outdented). */
export interface FootnoteSource {
  label: string;
  body: string;
}

/**
 * `[label]: destination "title"` on one line (CommonMark 4.7). Linear: every repetition has one way
 * to match, and the line is anchored.
 */
export const LINK_DEFINITION =
  /^ {0,3}\[((?:[^[\]\\\n]|\\.){1,999})\]:[ \t]*(<[^<>\n]*>|[^\s<>]\S*)(?:[ \t]+("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|\((?:[^()\\\n]|\\.)*\)))?[ \t]*$/;
/** `[^label]: text`: a footnote definition's first line (GFM). */
export const FOOTNOTE_DEFINITION = /^ {0,3}\[\^([^\]\s]{1,999})\]:[ \t]?(.*)$/;

/** The id of footnote `number` in the message whose ids start with `prefix`. */
export const footnoteId = (prefix: string, number: number) => `${prefix}fn-${number}`;

/** A label as CommonMark compares them: trimmed, inner whitespace collapsed, case-folded (markdown-it's normalizeReference). */
export function normalizeLabel(label: string): string {
  return label.trim().replace(/\s+/g, ' ').toLowerCase().toUpperCase();
}

interface Entry {
  key: string;
  kind: 'link' | 'footnote';
  owner: number;
  link?: LinkDefinition;
}

/**
 * The definitions of one message, in order; the first definition of a label wins. Along a stream
 * the block scan drops what the rescanned last block defined and reads it again; `version`
 * changes only when that changed what is defined.
 */
export class Definitions {
  /** Changes whenever a definition appears or goes: parses that missed a label may now resolve it. */
  version = 0;
  private readonly order: Entry[] = [];
  private readonly links = new Map<string, LinkDefinition>();
  private readonly footnotes = new Map<string, number>();
  private dropped: Entry[] = [];
  private keptLength = 0;

  /** A link definition by its label as written, if the message defines it. */
  link(label: string): LinkDefinition | undefined {
    return this.links.get(normalizeLabel(label));
  }

  /** A footnote's number (definition order, from 1), if the message defines it. */
  footnoteNumber(label: string): number | undefined {
    return this.footnotes.get(normalizeLabel(label));
  }

  /** How many footnotes the message defines. */
  get footnoteCount(): number {
    return this.footnotes.size;
  }

  addLink(label: string, href: string, title: string | undefined, owner: number): void {
    const key = normalizeLabel(label);
    if (key === '' || this.links.has(key)) return;
    const link = { href, ...(title !== undefined && { title }) };
    this.links.set(key, link);
    this.order.push({ key, kind: 'link', owner, link });
  }

  addFootnote(label: string, owner: number): void {
    const key = normalizeLabel(label);
    if (key === '' || this.footnotes.has(key)) return;
    this.footnotes.set(key, this.footnotes.size + 1);
    this.order.push({ key, kind: 'footnote', owner });
  }

  /** Forgets what blocks from `start` on defined (they are about to be scanned again). */
  dropFrom(start: number): void {
    this.dropped = [];
    while (this.order.length > 0 && this.order[this.order.length - 1]!.owner >= start) {
      const entry = this.order.pop()!;
      this.dropped.unshift(entry);
      if (entry.kind === 'link') this.links.delete(entry.key);
      else this.footnotes.delete(entry.key);
    }
    this.keptLength = this.order.length;
  }

  /** Ends a scan: the version moves only if the rescanned blocks define something else than before. */
  settle(): void {
    const added = this.order.slice(this.keptLength);
    const same =
      added.length === this.dropped.length &&
      added.every((entry, i) => {
        const before = this.dropped[i]!;
        return entry.key === before.key && entry.kind === before.kind && entry.link?.href === before.link?.href && entry.link?.title === before.link?.title;
      });
    if (!same) this.version += 1;
    this.dropped = [];
    this.keptLength = this.order.length;
  }
}
