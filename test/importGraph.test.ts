// The house's floors (ARCHITECTURE.md): a lower layer never imports a higher one, and no module
// imports itself back through others. Read from the sources with TypeScript's own import scanner.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const SRC = resolve(__dirname, '../src');

/** What each layer may import besides itself. Tests and stories are outside the floors. */
const MAY_IMPORT: Record<string, readonly string[]> = {
  protocol: [],
  store: ['protocol'],
  stream: ['protocol', 'store'],
  adapters: ['protocol', 'store', 'stream'],
  server: ['protocol', 'store', 'stream', 'adapters'],
  cli: ['protocol', 'store', 'stream', 'adapters', 'server'],
  ui: ['protocol', 'store'],
  hooks: ['protocol', 'store', 'stream', 'ui'],
  components: ['protocol', 'store', 'stream', 'ui', 'hooks'],
  styles: [],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function resolveModule(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((p) => existsSync(p) && statSync(p).isFile());
}

const layerOf = (file: string) => relative(SRC, file).split('/')[0]!.replace(/\.tsx?$/, '');

const files = sourceFiles(SRC);
const graph = new Map<string, string[]>(
  files.map((file) => {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const local = importedFiles.map((i) => i.fileName).filter((s) => s.startsWith('.'));
    return [file, local.map((s) => resolveModule(file, s) ?? `${s} (unresolved from ${relative(SRC, file)})`)];
  }),
);

describe('import graph', () => {
  it('reads every module and resolves every relative import', () => {
    expect(files.length).toBeGreaterThan(150);
    const unresolved = [...graph.values()].flat().filter((t) => t.includes('(unresolved'));
    expect(unresolved).toEqual([]);
  });

  it('no layer imports a layer above it', () => {
    const upward: string[] = [];
    for (const [file, targets] of graph) {
      const from = layerOf(file);
      const allowed = MAY_IMPORT[from];
      if (!allowed) continue; // the package entries (index.ts, headless.ts) may import any layer
      for (const target of targets) {
        const to = layerOf(target);
        if (to !== from && !allowed.includes(to)) upward.push(`${relative(SRC, file)} -> ${relative(SRC, target)}`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('has no import cycles', () => {
    const state = new Map<string, 'open' | 'done'>();
    const cycles: string[] = [];
    const visit = (file: string, path: string[]) => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        cycles.push([...path.slice(path.indexOf(file)), file].map((f) => relative(SRC, f)).join(' -> '));
        return;
      }
      state.set(file, 'open');
      for (const target of graph.get(file) ?? []) visit(target, [...path, file]);
      state.set(file, 'done');
    };
    for (const file of files) visit(file, []);
    expect(cycles).toEqual([]);
  });

  it('catches an upward import (the check itself can fail)', () => {
    expect(MAY_IMPORT.store).not.toContain('stream');
    expect(MAY_IMPORT.hooks).not.toContain('components');
    expect(MAY_IMPORT.protocol).toEqual([]);
  });
});
