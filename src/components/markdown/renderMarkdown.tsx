// The markdown parser and its React output: loaded lazily (loadRenderer.ts), so a page that shows
// no message yet does not pay for it. markdown-it parses CommonMark + GFM tables, strikethrough and
// autolinks in linear time (tens of times faster than micromark on the adversarial shapes); its
// tokens become React elements here, never HTML strings, so raw HTML stays text.
import MarkdownIt, { type StateInline, type Token } from 'markdown-it';
import { createElement, Fragment, type ReactElement, type ReactNode } from 'react';
import { allowedImageSrc } from '../imageSrc';
import { safeHref } from '../safeHref';
import { useLabels } from '../useLabels';
import { CodeBlock } from './CodeBlock';
import { footnoteId, normalizeLabel, type Definitions, type LinkDefinition } from './definitions';

/** What one parse needs from its message and the page. */
export interface RenderContext {
  /** Every link and footnote definition of the message. */
  definitions: Definitions;
  /** Prefix of the message's footnote ids (unique on the page). */
  idPrefix: string;
  /** Origins images may load from (the display policy's). */
  imageOrigins: readonly string[];
  /** The display policy's transform: every runtime string (the text, link and image URLs) passes through it. */
  show: (value: string) => string;
}

/** A parse's output, and whether it looked up a label the message did not define (yet). */
export interface Rendered {
  element: ReactElement;
  missedLabel: boolean;
}

const md = new MarkdownIt('default', { html: false, linkify: true, typographer: false });
// Every link becomes a link token; SafeLink (below) decides what is followed, so an unsafe target
// shows as struck-out text instead of vanishing into literal brackets.
md.validateLink = () => true;
md.inline.ruler.before('link', 'footnote_ref', footnoteReference);
// GFM's extended autolinks (6.9) include `www.` hosts; a bare `example.com` stays text (GFM_AUTOLINK).
md.linkify.set({ fuzzyLink: true });
const GFM_AUTOLINK = /^(?:[a-z][a-z0-9+.-]*:|www\.|[^\s@]+@)/i;

/** GFM 6.9: an extended autolink starts a line or follows whitespace or `*`, `_`, `~`, `(` (not `"` in `src="…"`). */
function gfmAutolink(before: Token | undefined, text: Token | undefined): boolean {
  if (!GFM_AUTOLINK.test(text?.content ?? '')) return false;
  if (!before) return true;
  if (before.type === 'softbreak' || before.type === 'hardbreak') return true;
  const last = before.type === 'text' ? before.content.slice(-1) : '';
  return last === '' ? before.nesting !== 0 : /[\s*_~(]/.test(last);
}

interface Env {
  references: Record<string, { href: string; title: string }>;
  context: RenderContext;
  missed: { label: boolean };
}

/** Parses `source` (a unit of a message) into React elements. */
export function renderMarkdown(source: string, context: RenderContext): Rendered {
  const missed = { label: false };
  const env: Env = { references: referencesOf(context, missed), context, missed };
  const tokens = md.parse(source, env as unknown as Parameters<typeof md.parse>[1]);
  if (ESCAPE_OR_REFERENCE.test(source)) showDecoded(tokens, context.show);
  return { element: createElement(Fragment, null, ...blockChildren(tokens, context)), missedLabel: missed.label };
}

/** A backslash escape or a character reference: the parse decodes them after the policy read the source. */
const ESCAPE_OR_REFERENCE = /\\|&/;

/**
 * The display policy once more over what the parse decoded: the source passed through it, but
 * `ghp\_…`, `api&#95;key=…` and `password\=…` only read as secrets once their escapes and character
 * references are decoded (models escape underscores as a habit). Text and link and image targets.
 */
function showDecoded(tokens: readonly Token[], show: (value: string) => string): void {
  for (const token of tokens) {
    if (token.children) showDecoded(token.children, show);
    if (token.type === 'text') token.content = show(token.content);
    for (const name of ['href', 'src']) {
      const value = token.attrGet(name);
      if (value !== null) token.attrSet(name, show(String(value)));
    }
  }
}

// A definition the block scan did not see (inside a list or a quote) still serves its own parse.
function referencesOf({ definitions, show }: RenderContext, missed: { label: boolean }): Env['references'] {
  const local = new Map<string, { href: string; title: string }>();
  return new Proxy({} as Env['references'], {
    get(_, key) {
      if (typeof key !== 'string') return undefined;
      const found = local.get(key) ?? resolved(definitions.link(key), show);
      if (!found) missed.label = true;
      return found;
    },
    set(_, key, value) {
      if (typeof key === 'string' && !local.has(key)) local.set(key, value as { href: string; title: string });
      return true;
    },
  });
}

// Per display policy (its transform), per definition.
const resolvedLinks = new WeakMap<(value: string) => string, WeakMap<LinkDefinition, { href: string; title: string }>>();

/**
 * A definition as markdown-it's link rule expects it: destination normalized, escapes removed, and
 * redacted like the text (the definition was read from the message before the policy applied).
 */
function resolved(link: LinkDefinition | undefined, show: (value: string) => string): { href: string; title: string } | undefined {
  if (!link) return undefined;
  let cache = resolvedLinks.get(show);
  if (!cache) resolvedLinks.set(show, (cache = new WeakMap()));
  let out = cache.get(link);
  if (!out) {
    const href = link.href.startsWith('<') ? link.href.slice(1, -1) : link.href;
    const title = link.title === undefined ? '' : show(md.utils.unescapeAll(link.title.slice(1, -1)));
    cache.set(link, (out = { href: md.normalizeLink(show(md.utils.unescapeAll(href))), title }));
  }
  return out;
}

/** `[^label]` where the message defines that footnote (GFM): a numbered reference. */
function footnoteReference(state: StateInline, silent: boolean): boolean {
  const { src, pos, posMax } = state;
  if (src.charCodeAt(pos) !== 0x5b || src.charCodeAt(pos + 1) !== 0x5e) return false;
  // A label is at most 999 characters: the search for its end is bounded (no quadratic scan).
  let end = pos + 2;
  const limit = Math.min(posMax, pos + 1_002);
  while (end < limit && src.charCodeAt(end) !== 0x5d && src.charCodeAt(end) > 0x20) end += 1;
  if (end >= limit || src.charCodeAt(end) !== 0x5d || end === pos + 2) return false;
  const env = state.env as unknown as Env;
  const label = src.slice(pos + 2, end);
  const number = env.context.definitions.footnoteNumber(label);
  if (number === undefined) {
    env.missed.label = true;
    return false;
  }
  if (!silent) state.push('footnote_ref', '', 0).meta = { number, label: normalizeLabel(label) };
  state.pos = end + 1;
  return true;
}

// Message headings sit under the app's own headings: start at h3.
const HEADING: Record<string, string> = { h1: 'h3', h2: 'h4', h3: 'h5', h4: 'h6', h5: 'h6', h6: 'h6' };

interface Frame {
  type: string | typeof Fragment | ((props: never) => ReactNode);
  props: Record<string, unknown> | null;
  children: ReactNode[];
}

/** Block tokens to elements: a stack of open elements, each closed into its parent. */
function blockChildren(tokens: Token[], context: RenderContext): ReactNode[] {
  const root: Frame = { type: Fragment, props: null, children: [] };
  const stack: Frame[] = [root];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const top = stack[stack.length - 1]!;
    if (token.nesting === 1) stack.push(openBlock(token));
    else if (token.nesting === -1) {
      const frame = stack.pop()!;
      const element = createElement(frame.type as string, frame.props, ...frame.children);
      const parent = stack[stack.length - 1]!;
      parent.children.push(token.type === 'table_close' ? <div className="aui-markdown__table">{element}</div> : element);
      // An item's text and the list nested after it are separate lines of text, as in HTML.
      if (parent.type === 'li' && tokens[i + 1]?.type !== 'list_item_close') parent.children.push('\n');
    } else if (token.type === 'inline') {
      inlineInto(top, stack, token, context);
    } else if (token.type === 'fence') {
      top.children.push(<CodeBlock code={token.content.replace(/\n$/, '')} lang={token.info.trim().split(/\s/, 1)[0] || undefined} />);
    } else if (token.type === 'code_block') {
      top.children.push(<CodeBlock code={token.content.replace(/\n$/, '')} />);
    } else if (token.type === 'hr') {
      top.children.push(<hr />);
    } else if (token.content) {
      // Anything else (raw HTML is off, so none is expected): its text, never markup.
      top.children.push(token.content);
    }
  }
  return root.children;
}

function openBlock(token: Token): Frame {
  switch (token.type) {
    case 'paragraph_open':
      // A tight list's paragraphs are not elements (CommonMark 5.3).
      return { type: token.hidden ? Fragment : 'p', props: null, children: [] };
    case 'heading_open':
      return { type: HEADING[token.tag] ?? 'h6', props: null, children: [] };
    case 'ordered_list_open': {
      const start = Number(token.attrGet('start') ?? 1);
      return { type: 'ol', props: start !== 1 ? { start } : null, children: [] };
    }
    case 'th_open':
    case 'td_open': {
      const align = /text-align:(\w+)/.exec(String(token.attrGet('style') ?? ''))?.[1];
      return { type: token.tag, props: align ? { align } : null, children: [] };
    }
    default:
      return { type: token.tag || Fragment, props: null, children: [] };
  }
}

const TASK = /^\[([ xX])\][ \t]/;

/** An inline token's children into `frame`; a task list item's `[ ]`/`[x]` becomes a disabled checkbox in its item. */
function inlineInto(frame: Frame, stack: Frame[], token: Token, context: RenderContext): void {
  const children = token.children ?? [];
  const first = children[0];
  const item = stack[stack.length - 2];
  if (first?.type === 'text' && item?.type === 'li' && item.children.length === 0 && frame.children.length === 0) {
    const task = TASK.exec(first.content);
    if (task) {
      item.children.push(<input type="checkbox" disabled checked={task[1] !== ' '} />);
      first.content = first.content.slice(task[0].length);
    }
  }
  frame.children.push(...inlineChildren(children, context));
}

function inlineChildren(tokens: Token[], context: RenderContext): ReactNode[] {
  const root: Frame = { type: Fragment, props: null, children: [] };
  const stack: Frame[] = [root];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const top = stack[stack.length - 1]!;
    switch (token.type) {
      case 'text':
        top.children.push(token.content);
        break;
      case 'softbreak':
        top.children.push('\n');
        break;
      case 'hardbreak':
        top.children.push(<br />, '\n');
        break;
      case 'code_inline':
        top.children.push(<code>{token.content}</code>);
        break;
      case 'image':
        top.children.push(<SafeImage src={String(token.attrGet('src') ?? '')} alt={textOf(token.children ?? [])} imageOrigins={context.imageOrigins} />);
        break;
      case 'footnote_ref': {
        const { number } = token.meta as { number: number };
        top.children.push(
          <sup className="aui-markdown__footnote-ref">
            <a href={`#${footnoteId(context.idPrefix, number)}`}>{number}</a>
          </sup>,
        );
        break;
      }
      default:
        if (token.nesting === 1) {
          let type: Frame['type'] = token.type === 'link_open' ? SafeLink : token.type === 's_open' ? 'del' : token.tag;
          if (token.markup === 'linkify' && !gfmAutolink(tokens[i - 1], tokens[i + 1])) type = Fragment;
          const props = type === SafeLink ? { href: String(token.attrGet('href') ?? ''), title: String(token.attrGet('title') ?? '') || undefined } : null;
          stack.push({ type, props, children: [] });
        } else if (token.nesting === -1 && stack.length > 1) {
          const frame = stack.pop()!;
          stack[stack.length - 1]!.children.push(createElement(frame.type as string, frame.props, ...frame.children));
        } else if (token.content) top.children.push(token.content);
    }
  }
  // An unbalanced open element (not expected from the parser) keeps its content.
  while (stack.length > 1) {
    const frame = stack.pop()!;
    stack[stack.length - 1]!.children.push(...frame.children);
  }
  return root.children;
}

function textOf(tokens: Token[]): string {
  let out = '';
  for (const token of tokens) out += token.children ? textOf(token.children) : token.content;
  return out;
}

function SafeLink({ href, title, children }: { href: string; title?: string; children?: ReactNode }) {
  const t = useLabels();
  const safe = safeHref(href);
  if (safe === undefined) {
    // An unsafe target is shown, not followed.
    return (
      <span className="aui-markdown__unsafe-link" title={t('markdown.linkBlocked')}>
        {children}
      </span>
    );
  }
  return (
    <a href={safe} title={title} target="_blank" rel="noopener noreferrer nofollow">
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
