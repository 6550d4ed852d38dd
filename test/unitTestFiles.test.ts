import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isolatedTestFiles, jsdomTestFiles } from '../scripts/unitTestFiles.mjs';

// The unit run shares modules between files (vite.config.ts): a file that changes what a later file
// would see must be found and run isolated, or a mock leaks into files that never asked for it; and a
// file that asks for jsdom must be found, or it runs in a node worker without a document.
describe('unitTestFiles', () => {
  let root: string | undefined;
  afterEach(() => root && rmSync(root, { recursive: true, force: true }));

  const files = (tests: Record<string, string>) => {
    root = mkdtempSync(join(tmpdir(), 'agentui-isolated-'));
    for (const [path, text] of Object.entries(tests)) {
      mkdirSync(join(root, path, '..'), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    return isolatedTestFiles(root);
  };
  const jsdomFiles = (tests: Record<string, string>) => {
    files(tests);
    return jsdomTestFiles(root!);
  };

  it('finds files that mock a module, stub a global or the environment, fake timers or assign a global', () => {
    expect(
      files({
        'src/a/mocks.test.ts': "vi.mock('./x');",
        'src/b/stubs.test.tsx': "vi.stubGlobal('fetch', f);",
        'src/env.test.ts': "process.env.AGENTUI_X = '1';",
        'src/timers.test.ts': 'vi.useFakeTimers();',
        'test/global.test.ts': 'globalThis.scheduler = undefined;',
        'test/window.test.tsx': 'delete window.matchMedia;',
        'test/define.test.ts': "Object.defineProperty(navigator, 'clipboard', {});",
      }),
    ).toEqual(['src/a/mocks.test.ts', 'src/b/stubs.test.tsx', 'src/env.test.ts', 'src/timers.test.ts', 'test/define.test.ts', 'test/global.test.ts', 'test/window.test.tsx']);
  });

  it('leaves files that only read shared state, and files that are not tests', () => {
    expect(
      files({
        'src/reads.test.ts': "expect(process.env.NODE_ENV).toBe('test'); if (globalThis.scheduler === undefined) {}",
        'src/helper.ts': "vi.mock('./x');",
        'test/plain.test.ts': 'const mock = vi.fn();',
        // Vitest restores every spy after each file.
        'src/spy.test.ts': "vi.spyOn(console, 'warn');",
      }),
    ).toEqual([]);
  });

  it('finds the files that ask for jsdom as Vitest reads them (the first environment named), and no other', () => {
    expect(
      jsdomFiles({
        'src/line.test.tsx': "// @vitest-environment jsdom\nimport { render } from '@testing-library/react';",
        'src/block.test.tsx': '/**\n * @vitest-environment jsdom\n */\n',
        'src/node.test.ts': '// @vitest-environment node\n',
        'test/none.test.ts': "import { it } from 'vitest';",
        'src/first.test.ts': '// @vitest-environment node\n// not @vitest-environment jsdom\n',
        'src/jsdomish.test.ts': '// @vitest-environment jsdom-global\n',
        'src/jest.test.tsx': '/** @jest-environment jsdom */\n',
      }),
    ).toEqual(['src/block.test.tsx', 'src/jest.test.tsx', 'src/line.test.tsx']);
  });

  it('this repository: every unit file with a module mock is among them', () => {
    const isolated = isolatedTestFiles(join(__dirname, '..'));
    expect(isolated).toContain('src/components/markdown/markdown.test.tsx');
    expect(isolated.every((path) => /^(src|test)\/.+\.test\.tsx?$/.test(path))).toBe(true);
    expect(jsdomTestFiles(join(__dirname, '..'))).toContain('src/components/workbench.test.tsx');
  });
});
