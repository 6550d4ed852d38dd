// @vitest-environment jsdom
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DisplayPolicyProvider } from '../displayPolicy';
import { preloadMarkdown } from './loadRenderer';
import { SYNC_COST } from './parseScheduler';
import userEvent from '@testing-library/user-event';
import { Markdown, SHOWN_TABLE_CELLS } from '../Markdown';
import { COPIED_MS, MAX_HIGHLIGHTED } from './CodeBlock';
import { MAX_MESSAGE_CELLS, MAX_PARSE_COST, MAX_PARSED_BLOCK, MAX_TABLE_CELLS, splitBlocks, UNIT_COST } from './splitBlocks';

// Every source the parser is given, to prove a streamed delta parses only the unit it extends.
const parsed = vi.hoisted(() => [] as string[]);
vi.mock('./renderMarkdown', async (original) => {
  const real = await original<typeof import('./renderMarkdown')>();
  return {
    ...real,
    renderMarkdown: (source: string, context: Parameters<typeof real.renderMarkdown>[1]) => {
      parsed.push(source);
      if (source.includes('parser fails here')) throw new RangeError('Maximum call stack size exceeded');
      return real.renderMarkdown(source, context);
    },
  };
});

// The parser is a lazily loaded chunk: loaded once here, every render below has it at once.
beforeAll(() => preloadMarkdown());
afterEach(cleanup);

const html = (text: string) => render(<Markdown text={text} />).container.querySelector('.aui-markdown')!.innerHTML;
const dom = (text: string) => render(<Markdown text={text} />).container.querySelector('.aui-markdown')!;

// Examples written from the CommonMark 0.31 and GFM 0.29 specs; expected HTML as the specs give it.
describe('CommonMark and GFM examples', () => {
  it('intraword underscores are not emphasis (CommonMark 6.2, rule 2)', () => {
    expect(html('snake_case_names and foo_bar_')).toBe('<p>snake_case_names and foo_bar_</p>');
  });
  it('intraword asterisks are emphasis, spaced asterisks are not (CommonMark 6.2)', () => {
    expect(html('a*b*c')).toBe('<p>a<em>b</em>c</p>');
    expect(html('a * b * c')).toBe('<p>a * b * c</p>');
    expect(html('**foo bar**')).toBe('<p><strong>foo bar</strong></p>');
  });
  it('code spans: longer fences hold backticks, an unmatched run stays literal (CommonMark 6.1)', () => {
    expect(html('`` foo ` bar ``')).toBe('<p><code>foo ` bar</code></p>');
    expect(html('```foo``')).toBe('<p>```foo``</p>');
  });
  it('tables with alignment (GFM 4.10)', () => {
    const table = dom('| foo | bar |\n| :-: | --: |\n| baz | bim |').querySelector('table')!;
    expect([...table.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['foo', 'bar']);
    expect([...table.querySelectorAll('tbody td')].map((td) => td.textContent)).toEqual(['baz', 'bim']);
    // Alignment as an attribute the stylesheet reads: an inline style would break a strict CSP.
    expect(table.querySelector('tbody td')!.getAttribute('align')).toBe('center');
    expect(table.querySelectorAll('tbody td')[1]!.getAttribute('align')).toBe('right');
  });
  it('task list items (GFM 5.3)', () => {
    const boxes = [...dom('- [ ] foo\n- [x] bar').querySelectorAll('li > input[type="checkbox"]')] as HTMLInputElement[];
    expect(boxes.map((b) => [b.checked, b.disabled])).toEqual([[false, true], [true, true]]);
  });
  it('strikethrough (GFM 6.5)', () => {
    expect(html('~~Hi~~ Hello, world!')).toBe('<p><del>Hi</del> Hello, world!</p>');
  });
  it('extended autolinks: www, http(s) and email (GFM 6.9)', () => {
    const links = [...dom('www.commonmark.org and Visit https://www.commonmark.org/help for more. foo@bar.baz').querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['http://www.commonmark.org', 'https://www.commonmark.org/help', 'mailto:foo@bar.baz']);
  });
  it('nested lists keep their structure and numbering (CommonMark 5.2, 5.3)', () => {
    const root = dom('1. one\n2. two\n   - a\n     - deep\n3. three\n\n7. seven');
    expect(root.querySelectorAll('ol > li > ul > li > ul > li')).toHaveLength(1);
    // The blank line makes the list loose (CommonMark 5.3) but it stays one list: 1, 2, 3, 4.
    expect(root.querySelectorAll(':scope > ol')).toHaveLength(1);
    expect([...root.querySelectorAll(':scope > ol > li')].map((li) => li.textContent!.trim().split('\n')[0])).toEqual(['one', 'two', 'three', 'seven']);
  });
  it('an ordered list keeps its start number (CommonMark 5.2)', () => {
    expect(dom('3. a\n4. b').querySelector('ol')!.getAttribute('start')).toBe('3');
  });
  it('thematic break, hard line break, block quote (CommonMark 4.1, 6.7, 5.1)', () => {
    expect(html('a\n\n---\n\nb')).toBe('<p>a</p><hr><p>b</p>');
    expect(html('foo  \nbar')).toBe('<p>foo<br>\nbar</p>');
    expect(dom('> quoted\n> > nested').querySelectorAll('blockquote blockquote')).toHaveLength(1);
  });
  it('raw HTML stays text (the kit never renders runtime HTML)', () => {
    const root = dom('<b onclick="x()">bold?</b>\n\n<script>alert(1)</script>');
    expect(root.querySelectorAll('b, script')).toHaveLength(0);
    expect(root.textContent).toContain('<b onclick="x()">bold?</b>');
  });
  it('headings start at h3 under the app headings', () => {
    expect(html('# Title')).toBe('<h3>Title</h3>');
  });
});

describe('code blocks', () => {
  it('a fenced block has its language, a copy button and no wrapping', () => {
    const root = dom('Before\n```ts\nconst a_b = 1;\n\nconst c = 2;\n```\nafter');
    const block = root.querySelector('.aui-markdown__code-block')!;
    expect(block.querySelector('.aui-markdown__code-lang')!.textContent).toBe('ts');
    expect(block.querySelector('code')!.textContent).toBe('const a_b = 1;\n\nconst c = 2;');
    expect(block.querySelector('code')!.className).toBe('language-ts');
    expect(block.querySelector('button')!.textContent).toBe('Copy');
    expect([...root.querySelectorAll(':scope > p')].map((p) => p.textContent)).toEqual(['Before', 'after']);
  });
  it('a fence nested in a list gets the same block', () => {
    const root = dom('- item\n\n  ```py\n  print(1)\n  ```');
    expect(root.querySelector('li .aui-markdown__code-lang')!.textContent).toBe('py');
    expect(root.querySelector('li code')!.textContent).toBe('print(1)');
  });
  it('an unclosed fence mid-stream is code up to the end (CommonMark 4.5)', () => {
    expect(dom('```js\nlet x = 1;').querySelector('code')!.textContent).toBe('let x = 1;');
  });
});

describe('links and images', () => {
  it('only http, https, mailto and relative links are followed', () => {
    const root = dom('[a](javascript:alert(1)) [b](data:text/html,x) [c](https://example.com/c) [d](/docs) [e](mailto:a@b.c) [f](java\tscript:x) <vbscript:x>');
    expect([...root.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['https://example.com/c', '/docs', 'mailto:a@b.c']);
    expect(root.querySelectorAll('.aui-markdown__unsafe-link').length).toBeGreaterThanOrEqual(2);
    for (const a of root.querySelectorAll('a')) expect(a.getAttribute('rel')).toBe('noopener noreferrer nofollow');
  });
  it('images load only from origins the app allows; protocol-relative never', () => {
    const text = '![px](//evil.example/pixel.png) ![a](https://evil.example/a.png) ![c](https://cdn.example/c.png) ![d](data:image/png;base64,AAAA)';
    expect(render(<Markdown text={text} />).container.querySelectorAll('img')).toHaveLength(0);
    cleanup();
    const { container } = render(
      <DisplayPolicyProvider imageOrigins={['https://cdn.example']}>
        <Markdown text={text} />
      </DisplayPolicyProvider>,
    );
    expect([...container.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual(['https://cdn.example/c.png']);
    expect(container.querySelectorAll('.aui-markdown__blocked-image')).toHaveLength(3);
  });
});

describe('streaming', () => {
  const answer = ['# Plan', 'First paragraph with **bold** and `code`.', '- one\n- two\n\n- three', '```sh\nnpm test\n\nnpm run build\n```', '| a | b |\n| - | - |\n| 1 | 2 |', 'Last words.'].join('\n\n');

  it('splitting appended text resumes at the last block and keeps earlier blocks', () => {
    let previous = splitBlocks('');
    const seen: number[] = [];
    for (let end = 8; end < answer.length + 8; end += 8) {
      const next = splitBlocks(answer.slice(0, end), previous);
      for (let i = 0; i < previous.blocks.length - 1; i++) expect(next.blocks[i]).toBe(previous.blocks[i]);
      seen.push(next.scannedFrom);
      previous = next;
    }
    expect(previous.blocks.map((b) => b.kind)).toEqual(['markdown', 'markdown', 'markdown', 'fence', 'markdown', 'markdown']);
    expect(splitBlocks(answer).blocks.map((b) => b.source)).toEqual(previous.blocks.map((b) => b.source));
    // Never rescans from the start once there are two blocks.
    expect(Math.max(...seen.slice(-5))).toBeGreaterThan(0);
  });

  it('a delta parses only the unit it extends: the text before it is never parsed again', async () => {
    const long = Array.from({ length: 40 }, (_, i) => `${answer.replace('# Plan', `# Plan ${i}`)}`).join('\n\n');
    const view = render(<Markdown text="" />);
    parsed.length = 0;
    let deltas = 0;
    for (let end = 64; end < long.length + 64; end += 64) {
      act(() => view.rerender(<Markdown text={long.slice(0, end)} />));
      deltas += 1;
      await Promise.resolve(); // each delta arrives in a task of its own
    }
    // Each source once, and no parse longer than an open unit: re-parsing from the start would
    // parse about half of the answer on every delta.
    expect(new Set(parsed).size).toBe(parsed.length);
    expect(Math.max(...parsed.map((source) => source.length))).toBeLessThanOrEqual(UNIT_COST);
    expect(parsed.reduce((n, source) => n + source.length, 0)).toBeLessThanOrEqual(deltas * UNIT_COST);
    // A delta that completes a unit parses it and the next one.
    expect(parsed.length).toBeLessThanOrEqual(2 * deltas);
    expect(view.container.querySelectorAll('h3')).toHaveLength(40);
  });
});

describe('parse bounds', () => {
  it('a block past the size bound or nested too deep is plain text, with nothing lost', () => {
    const big = '['.repeat(MAX_PARSED_BLOCK + 1);
    const root = dom(`ok *fine*\n\n${big}\n\n${'> '.repeat(200)}deep`);
    expect(root.querySelector('em')!.textContent).toBe('fine');
    const plain = [...root.querySelectorAll('.aui-markdown__plain')];
    expect(plain.map((p) => p.getAttribute('data-reason'))).toEqual(['size', 'depth']);
    expect(plain[0]!.textContent).toBe(big);
  });
});

describe('a long message never blocks the page', () => {
  // 25 KB of an ordinary answer: 600 blocks, headings, emphasis, lists, links.
  const sections = Array.from({ length: 200 }, (_, i) => `## Step ${i}\n\nThe **state** of \`module_${i}\` moves; see [docs](https://example.com/${i}).\n\n- one\n- two`);
  const long = sections.join('\n\n');

  it('one render parses at most SYNC_COST of estimated cost; every other block is its text at once, then markup in idle slices', async () => {
    expect(long.length).toBeGreaterThan(3 * SYNC_COST);
    parsed.length = 0;
    const root = dom(long);
    // Before: all 600 blocks were parsed in this one synchronous render.
    const first = parsed.reduce((n, source) => n + source.length, 0);
    expect(first).toBeLessThanOrEqual(SYNC_COST);
    expect(parsed.length).toBeGreaterThan(0);
    // Nothing is lost meanwhile: every word of the message is on screen, as text.
    const words = (text: string) => text.replace(/\(https:[^)]*\)/g, '').replace(/[#*`\[\]()\s-]/g, '');
    expect(words(root.textContent!)).toBe(words(long));
    expect(root.querySelectorAll('.aui-markdown__pending').length).toBeGreaterThanOrEqual(3);
    await waitFor(() => expect(root.querySelectorAll('.aui-markdown__pending')).toHaveLength(0));
    expect(root.querySelectorAll('h4')).toHaveLength(200);
    expect(root.querySelectorAll('strong')).toHaveLength(200);
    expect(root.querySelectorAll('a[href^="https://example.com/"]')).toHaveLength(200);
    // Each unit parsed once: the idle upgrade does not re-parse what the first render did.
    expect(new Set(parsed).size).toBe(parsed.length);
  });

  it('a server render is all markup, and hydrating it keeps it (no mismatch, no re-parse into text)', async () => {
    const html = renderToString(<Markdown text={long} />);
    // Before: blocks past the first task's budget were placeholders in the server HTML.
    expect(html.match(/<strong>/g)).toHaveLength(200);
    expect(html).not.toContain('aui-markdown__pending');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors: unknown[] = [];
    const root = hydrateRoot(container, <Markdown text={long} />, { onRecoverableError: (error) => errors.push(error) });
    await act(async () => {});
    expect(errors).toEqual([]);
    expect(container.querySelectorAll('strong')).toHaveLength(200);
    expect(container.querySelectorAll('.aui-markdown__pending')).toHaveLength(0);
    act(() => root.unmount());
    container.remove();
  });

  it('hundreds of code blocks mount a few per task, their code on screen at once', async () => {
    const text = Array.from({ length: 300 }, (_, i) => '```ts\nconst v' + i + ' = ' + i + ';\n```').join('\n');
    const root = dom(text);
    // Before: all 300 blocks, each with its header and copy button, in the first render.
    expect(root.querySelectorAll('.aui-markdown__code-block').length).toBeLessThanOrEqual(SYNC_COST / 150);
    expect(root.textContent).toContain('const v299 = 299;');
    await waitFor(() => expect(root.querySelectorAll('.aui-markdown__code-block')).toHaveLength(300));
    expect(root.querySelectorAll('.aui-markdown__pending')).toHaveLength(0);
  });

  it('streaming after a long message still parses only the growing block, and at once', async () => {
    const view = render(<Markdown text={long} />);
    await waitFor(() => expect(view.container.querySelectorAll('.aui-markdown__pending')).toHaveLength(0));
    parsed.length = 0;
    let text = long + '\n\nTail';
    act(() => view.rerender(<Markdown text={text} />));
    for (const delta of [' with **bold', '** and', ' more']) {
      text += delta;
      act(() => view.rerender(<Markdown text={text} />));
    }
    // Only the open last unit: four parses, each ending with the text as it grew.
    expect(parsed.map((source) => source.slice(source.lastIndexOf('Tail')))).toEqual(['Tail', 'Tail with **bold', 'Tail with **bold** and', 'Tail with **bold** and more']);
    for (const source of parsed) expect(source.length).toBeLessThanOrEqual(UNIT_COST);
    expect(view.container.querySelector(':scope .aui-markdown > p:last-child strong')!.textContent).toBe('bold');
  });
});

describe('plain text of a long block', () => {
  it('is cut at line ends into chunks the browser can skip laying out, with the same text', () => {
    const lines = '[a]: b\n'.repeat(14_000).trimEnd();
    const root = dom(lines);
    const plain = root.querySelector('.aui-markdown__plain')!;
    const chunks = [...plain.querySelectorAll('.aui-markdown__chunk')];
    // Before: one element of 98 KB, laid out whole on the first frame.
    expect(chunks.length).toBeGreaterThanOrEqual(20);
    for (const chunk of chunks) expect(chunk.textContent!.length).toBeLessThanOrEqual(4_000 + 7);
    for (const chunk of chunks.slice(0, -1)) expect(chunk.textContent!.endsWith('\n')).toBe(true);
    expect(plain.textContent).toBe(lines);
  });
  it('a long block without line ends stays one piece (a cut would add a line break)', () => {
    const word = 'a'.repeat(20_000);
    const plain = dom(word).querySelector('.aui-markdown__plain')!;
    expect(plain.querySelectorAll('.aui-markdown__chunk')).toHaveLength(0);
    expect(plain.textContent).toBe(word);
  });
});

describe('a parser failure', () => {
  it('leaves that unit as its text, the others as markup, in the first render and in an idle slice', async () => {
    // Two units (together past UNIT_COST), both within the first task's budget.
    const filler = (c: string, cost: number) => `${c} `.repeat(cost / 2);
    const root = dom(`**ok** ${filler('x', UNIT_COST * 0.72)}\n\nparser fails here ${filler('w', UNIT_COST * 0.27)}`);
    expect(root.querySelector('strong')!.textContent).toBe('ok');
    const failed = root.querySelector('[data-reason="error"]')!;
    expect(failed.textContent!.trim()).toBe(`parser fails here ${filler('w', UNIT_COST * 0.27)}`.trim());
    cleanup();
    // Past the first task's budget the same unit fails in an idle slice, and the slices go on.
    const long = Array.from({ length: 6 }, (_, i) => `**b${i}** ${filler('z', UNIT_COST)}`).join('\n\n') + '\n\nparser fails here';
    const later = dom(long);
    expect(later.querySelectorAll('.aui-markdown__pending').length).toBeGreaterThanOrEqual(4);
    await waitFor(() => expect(later.querySelectorAll('.aui-markdown__pending')).toHaveLength(0));
    expect(later.querySelectorAll('strong')).toHaveLength(6);
    expect(later.querySelector('[data-reason="error"]')!.textContent).toBe('parser fails here');
  });
});

describe('parse cost bound', () => {
  it('a block dense with inline markers is plain text well under the size bound', () => {
    // 12 KB of `**a* ` took micromark 3-7x an ordinary 12 KB block: bounded by markers, not length.
    const dense = '**a* '.repeat(1_000);
    expect(dense.length).toBeLessThan(MAX_PARSED_BLOCK);
    expect(splitBlocks(dense).blocks.map((b) => [b.kind, b.kind === 'text' && b.reason])).toEqual([['text', 'markup']]);
    const brackets = '['.repeat(3_000);
    expect(splitBlocks(brackets).blocks[0]!.kind).toBe('text');
  });
  it('ordinary prose and lists keep the full size bound', () => {
    const prose = 'The **state** moves into `src/store/apply.ts`, see [the docs](https://example.com) for details. '.repeat(110);
    expect(prose.length).toBeGreaterThan(10_000);
    expect(splitBlocks(prose.trim()).blocks.map((b) => b.kind)).toEqual(['markdown']);
    const files = Array.from({ length: 300 }, (_, i) => `- \`src/file_${i}.ts\` updated`).join('\n');
    expect(splitBlocks(files).blocks.map((b) => b.kind)).toEqual(['markdown']);
  });
  it('no block that reaches the parser is over the cost bound, whatever the input', () => {
    for (const unit of ['**a* ', '[', '[a](', '` `` ', '_a', '<', '[a]: b\n', '> '.repeat(20) + 'q\n', '![a](b) ', '~~a~ ']) {
      const text = (unit.repeat(Math.ceil(11_900 / unit.length)).slice(0, 11_900) + '\n\n').repeat(3);
      for (const block of splitBlocks(text).blocks) {
        if (block.kind !== 'markdown') continue;
        let markers = 0;
        for (const c of block.source) if ('`*_[]<!~\\&'.includes(c)) markers += 1;
        expect(block.source.length + 8 * markers, unit).toBeLessThanOrEqual(MAX_PARSE_COST);
      }
    }
  });
});

// Issue 23 item 3: parsed a block at a time, `See [the docs][d].` showed literally when `[d]: …`
// was in another paragraph (the URL was lost), and footnotes the same.
describe('definitions across blocks', () => {
  const filler = Array.from({ length: 60 }, (_, i) => `Paragraph ${i} keeps the units apart: ${'words '.repeat(30)}`).join('\n\n');

  it('a reference link resolves to a definition in another unit, before or after it', async () => {
    const text = `See [the docs][d] and [Guide].\n\n${filler}\n\n[d]: https://example.com/docs "The docs"\n[guide]: <https://example.com/guide>`;
    expect(splitBlocks(text).units.length).toBeGreaterThan(2);
    const root = dom(text);
    const links = [...root.querySelectorAll('a')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('title')])).toEqual([
      ['the docs', 'https://example.com/docs', 'The docs'],
      ['Guide', 'https://example.com/guide', null],
    ]);
    // Resolved before the unit that defines them was even parsed; once it is, the definitions
    // themselves render nothing (CommonMark 4.7).
    await waitFor(() => expect(root.querySelectorAll('.aui-markdown__pending')).toHaveLength(0));
    expect(root.textContent).not.toContain('[d]:');
  });

  it('a definition that arrives later in a stream turns the earlier reference into a link', async () => {
    const view = render(<Markdown text={`See [the docs][d].\n\n${filler}`} />);
    await waitFor(() => expect(view.container.querySelectorAll('.aui-markdown__pending')).toHaveLength(0));
    expect(view.container.textContent).toContain('[the docs][d]');
    act(() => view.rerender(<Markdown text={`See [the docs][d].\n\n${filler}\n\n[d]: https://example.com/docs`} />));
    await waitFor(() => expect(view.container.querySelector('a')?.getAttribute('href')).toBe('https://example.com/docs'));
    expect(view.container.textContent).not.toContain('[the docs][d]');
  });

  it('an unsafe definition is shown, not followed', () => {
    const root = dom('Click [here][x].\n\n[x]: javascript:alert(1)');
    expect(root.querySelectorAll('a')).toHaveLength(0);
    expect(root.querySelector('.aui-markdown__unsafe-link')!.textContent).toBe('here');
  });

  it('footnotes: numbered references link to the notes listed at the end of the message, in definition order', () => {
    const text = `A claim[^src] and another[^2].\n\n${filler}\n\n[^2]: Second note with *emphasis*.\n\n[^src]: The source, in two lines\n    continued here.\n\nText after the notes.`;
    const root = dom(text);
    const refs = [...root.querySelectorAll('sup.aui-markdown__footnote-ref a')];
    expect(refs.map((a) => a.textContent)).toEqual(['2', '1']);
    const notes = [...root.querySelectorAll('.aui-markdown__footnotes li')];
    expect(notes.map((li) => li.textContent!.replace(/\s+/g, ' ').trim())).toEqual(['Second note with emphasis.', 'The source, in two lines continued here.']);
    expect(notes[0]!.querySelector('em')!.textContent).toBe('emphasis');
    // Each reference points at its note's id.
    for (const a of refs) expect(root.querySelector(`[id="${a.getAttribute('href')!.slice(1)}"]`)).not.toBeNull();
    expect(refs[1]!.getAttribute('href')).toBe(`#${notes[0]!.id}`);
    // The footnotes section comes last, after the text that followed the definitions.
    expect(root.lastElementChild!.className).toBe('aui-markdown__footnotes');
    expect(root.textContent).toContain('Text after the notes.');
    expect(root.textContent).not.toContain('[^');
  });

  it('an undefined footnote stays its text', () => {
    expect(dom('No note[^none] here.').textContent).toBe('No note[^none] here.');
  });

  it('two messages on one page have distinct footnote ids', () => {
    const { container } = render(
      <>
        <Markdown text={'One[^1]\n\n[^1]: first'} />
        <Markdown text={'Two[^1]\n\n[^1]: second'} />
      </>,
    );
    const ids = [...container.querySelectorAll('.aui-markdown__footnotes li')].map((li) => li.id);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
  });

  it('definitions are read in one linear pass: 14,000 of them, each label once', () => {
    const text = Array.from({ length: 14_000 }, (_, i) => `[l${i}]: https://example.com/${i}`).join('\n');
    const { definitions } = splitBlocks(text);
    expect(definitions.link('L13999')).toEqual({ href: 'https://example.com/13999' });
    expect(definitions.link('l0')!.href).toBe('https://example.com/0');
  });
});

// Issue 23 item 1: GFM pads every row to the header's width, so 2.1 KB (a 200-column header, 400
// one-cell rows) built 80,608 elements in one 600 ms task.
describe('table cells are capped', () => {
  const wide = (columns: number, rows: number) => `| ${Array.from({ length: columns }, (_, i) => `h${i}`).join(' | ')} |\n|${' - |'.repeat(columns)}\n${'| x |\n'.repeat(rows)}`.trimEnd();

  it('a table past MAX_TABLE_CELLS is its text with a "Show table" button, padded cells counted', () => {
    const text = wide(200, 400);
    expect(text.length).toBeLessThan(5_000);
    const [block] = splitBlocks(text).blocks;
    expect(block).toMatchObject({ kind: 'text', reason: 'table', columns: 200 });
    const root = dom(text);
    expect(root.querySelectorAll('table, td, th')).toHaveLength(0);
    expect(root.querySelectorAll('*').length).toBeLessThan(10);
    expect(root.querySelector('[data-reason="table"]')!.textContent).toBe(text);
    expect(root.querySelector('button.aui-markdown__show-table')!.textContent).toBe('Show table');
  });

  it('"Show table" renders it on request, at most SHOWN_TABLE_CELLS cells with a note', async () => {
    const user = userEvent.setup();
    const root = dom(wide(200, 400));
    await user.click(root.querySelector('button.aui-markdown__show-table')!);
    const cells = root.querySelectorAll('td, th').length;
    expect(cells).toBeGreaterThan(MAX_TABLE_CELLS);
    expect(cells).toBeLessThanOrEqual(SHOWN_TABLE_CELLS + 200);
    expect(root.querySelector('.aui-markdown__table-note')!.textContent).toMatch(/^Showing the first \d+ of 400 rows$/);
  });

  it('tables within the caps are tables; past MAX_MESSAGE_CELLS in one message the rest are text', () => {
    const table = wide(20, 90); // 20 x 91 = 1,820 cells
    const text = Array.from({ length: 7 }, () => table).join('\n\nBetween tables.\n\n');
    const kinds = splitBlocks(text).blocks.filter((b) => b.source.startsWith('|')).map((b) => (b.kind === 'text' ? b.reason : b.kind));
    expect(kinds).toEqual(['markdown', 'markdown', 'markdown', 'markdown', 'markdown', 'table', 'table']);
    expect(MAX_MESSAGE_CELLS).toBeLessThan(6 * 1_820);
  });

  it('a row count of an ordinary table is its cells: 3 columns, 2 rows', () => {
    const block = splitBlocks('| a | b | c |\n| - | - | - |\n| 1 | 2 | 3 |\n| 4 |').blocks[0]!;
    expect(block.cellsThrough).toBe(9);
  });
});

describe('code block copy', () => {
  it('says Copied, then offers to copy again after COPIED_MS', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const root = dom('```sh\nnpm test\n```');
      const button = root.querySelector('button')!;
      await act(async () => button.click());
      expect(writeText).toHaveBeenCalledWith('npm test');
      expect(button.textContent).toBe('Copied');
      await act(async () => vi.advanceTimersByTime(COPIED_MS - 100));
      expect(button.textContent).toBe('Copied');
      await act(async () => vi.advanceTimersByTime(200));
      expect(button.textContent).toBe('Copy');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('syntax highlighting', () => {
  it('a known language gets Prism token classes once the highlighter has loaded; the code text is unchanged', async () => {
    const code = 'const answer: number = 42; // the answer';
    const root = dom('```ts\n' + code + '\n```');
    const element = root.querySelector('code')!;
    await waitFor(() => expect(element.hasAttribute('data-highlighted')).toBe(true));
    expect(element.querySelector('.token.keyword')!.textContent).toBe('const');
    expect(element.querySelector('.token.comment')!.textContent).toBe('// the answer');
    expect(element.textContent).toBe(code);
  });
  it('an unknown language and code past MAX_HIGHLIGHTED stay plain', async () => {
    const root = dom('```klingon\nqapla\n```\n\n```ts\n' + 'let x = 1;\n'.repeat(MAX_HIGHLIGHTED / 10) + '```');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(root.querySelectorAll('code .token')).toHaveLength(0);
  });
});
