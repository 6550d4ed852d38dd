import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cutBytes } from '../../test/cutBytes';
import { parseJsonl } from '../protocol/parseJsonl';
import { readInput, type InputItem } from './readInput';

const encoder = new TextEncoder();

async function readAll(chunks: readonly (string | Uint8Array)[]): Promise<InputItem[]> {
  const items: InputItem[] = [];
  for await (const item of readInput(chunks)) items.push(item);
  return items;
}

const binaryAt = (line: number) => ({ kind: 'issue', issue: { code: 'binary_input', line, message: `line ${line} is not UTF-8 text (binary input): reading stopped there` } });

describe('readInput', () => {
  it('stops at the first line holding a NUL, wherever the chunks are cut: the lines before it are records, nothing after it is read', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 8 }),
        fc.nat(),
        fc.nat(),
        fc.array(fc.nat(), { maxLength: 6 }),
        async (count, nulLine, nulAt, offsets) => {
          const lines = Array.from({ length: count }, (_, i) => JSON.stringify({ type: 'message.delta', n: i + 1, text: `é${i}` }));
          const at = nulLine % count;
          const line = lines[at]!;
          const position = nulAt % (line.length + 1);
          lines[at] = `${line.slice(0, position)}\u0000${line.slice(position)}`;
          const text = `${lines.join('\n')}\n`;
          const expected = [...lines.slice(0, at).map((l, i) => ({ kind: 'record', line: i + 1, value: JSON.parse(l) })), binaryAt(at + 1)];
          // A one-line input of a single JSON value is a document; two lines or more are JSON Lines.
          expect(await readAll(cutBytes(encoder.encode(text), offsets))).toEqual(expected);
          expect(await readAll([text])).toEqual(expected);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('stops at a NUL line of input that opens like a pretty-printed document, asking for no chunk after it', async () => {
    let asked = 0;
    function* chunks(): Generator<string> {
      yield '{\n';
      yield '\u0000\n';
      // What follows would be read up to the document limit (64 Mi characters) if the NUL did not end it.
      for (let i = 0; i < 1_000; i++) {
        asked += 1;
        yield `${JSON.stringify({ type: 'message.delta', n: i })}\n`;
      }
    }
    const items: InputItem[] = [];
    for await (const item of readInput(chunks())) items.push(item);
    expect(items.map((item) => (item.kind === 'issue' ? `${item.issue.code}@${item.issue.line}` : item.kind))).toEqual(['invalid_json@1', 'binary_input@2']);
    expect(asked).toBeLessThanOrEqual(1);
  });

  it('reads JSON Lines as parseJsonl does: line ends, blank lines, a byte order mark, edges that are not JSON whitespace, a NUL', async () => {
    const row = fc.constantFrom('{"type":"a"}', '{"type":', '', '  \t', '\u00a0{"type":"b"}', '{"type":"c"}\u2028', '{"type":"d"} ', '{"n":\u00001}', '[1]', '7');
    const lineEnd = fc.constantFrom('\n', '\r\n', '\r');
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(row, lineEnd), { minLength: 1, maxLength: 10 }), fc.boolean(), fc.array(fc.nat(), { maxLength: 4 }), async (rows, bom, offsets) => {
        // Two events first: JSON Lines, never one document.
        const text = `${bom ? '\ufeff' : ''}{"type":"first"}\n{"type":"second"}\n${rows.map(([t, end]) => t + end).join('')}`;
        const { records, issues } = parseJsonl(text);
        const expected = [...records.map((r) => `record@${r.line}`), ...issues.map((i) => `${i.code}@${i.line}`)].sort((a, b) => Number(a.split('@')[1]) - Number(b.split('@')[1]));
        const seen = (items: InputItem[]) => items.map((item) => (item.kind === 'issue' ? `${item.issue.code}@${item.issue.line}` : `${item.kind}@${item.kind === 'record' ? item.line : 1}`));
        expect(seen(await readAll([text]))).toEqual(expected);
        expect(seen(await readAll(cutBytes(encoder.encode(text), offsets)))).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('judges an array document an event at a time: one as deep as a line may be is read, one deeper keeps its place refused', async () => {
    const nested = (depth: number): unknown => (depth <= 1 ? {} : { a: nested(depth - 1) });
    // As a line: the event and a payload 63 deep: 64 levels in all, the most a line may nest.
    const event = (n: number, payloadDepth: number) => ({ type: 'message.delta', n, payload: nested(payloadDepth) });
    expect(await readAll([JSON.stringify(event(1, 63))])).toMatchObject([{ kind: 'document' }]);
    expect(await readAll([JSON.stringify(event(1, 64))])).toMatchObject([{ kind: 'issue', issue: { code: 'too_deep' } }]);
    const [item] = await readAll([JSON.stringify([event(1, 63), event(2, 1)])]);
    expect(item).toMatchObject({ kind: 'document', value: [{ n: 1 }, { n: 2 }] });
    const [refused] = await readAll([JSON.stringify([event(1, 64), event(2, 1)])]);
    expect(refused).toMatchObject({ kind: 'document', value: [{ 'x-agentui-refused': { code: 'too_deep' } }, { n: 2 }] });
  });

  it('reads on past a line that is not JSON and holds no NUL', async () => {
    const items = await readAll(['{"type":"a"}\n{"type":\n{"type":"b"}\n']);
    expect(items.map((item) => (item.kind === 'issue' ? item.issue.code : item.kind))).toEqual(['record', 'invalid_json', 'record']);
  });

  it('stops at a NUL in input that began as a pretty-printed document but is not one', async () => {
    const items = await readAll(['{\n"type": "a"\n\u0000\n}\n']);
    expect(items.at(-1)).toEqual(binaryAt(3));
    expect(items.filter((item) => item.kind === 'record')).toEqual([]);
  });
});
