import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './referenceData';

const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function resolve(from: string, spec: string): string | undefined {
  const base = join(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && candidate.match(/\.tsx?$/)) return candidate;
  }
  return undefined;
}

/** Every module reachable from an entry, and every bare package it imports. */
function importGraph(entry: string): { files: string[]; packages: Set<string> } {
  const files: string[] = [];
  const packages = new Set<string>();
  const queue = [entry];
  const seen = new Set(queue);
  while (queue.length > 0) {
    const file = queue.pop()!;
    files.push(relative(ROOT, file));
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const spec = (match[1] ?? match[2])!;
      if (!spec.startsWith('.')) {
        packages.add(spec);
        continue;
      }
      const target = resolve(file, spec);
      if (target && !seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return { files, packages };
}

describe('the ./headless entry', () => {
  const graph = importGraph(join(ROOT, 'src', 'headless.ts'));

  it('reaches protocol, store, stream and the framework-free adapter core', () => {
    const layers = new Set(graph.files.map((f) => f.split('/')[1]));
    expect([...layers].sort()).toEqual(['adapters', 'headless.ts', 'protocol', 'store', 'stream']);
  });

  it('never imports React, a component or a hook', () => {
    expect([...graph.packages].filter((p) => /^react($|-dom|\/)|^@radix-ui|^radix-ui|^@tanstack\/react/.test(p))).toEqual([]);
    expect(graph.files.filter((f) => f.startsWith('src/components') || f.startsWith('src/hooks'))).toEqual([]);
  });

  it('depends on zustand/vanilla only', () => {
    expect([...graph.packages].filter((p) => !p.startsWith('node:')).sort()).toEqual(['zustand/vanilla']);
  });
});
