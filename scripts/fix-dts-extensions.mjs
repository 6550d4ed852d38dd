// Declaration files for every module resolution: tsc writes relative specifiers as they are in the
// sources ('./headless', './protocol'), which `node16`/`nodenext` consumers cannot resolve (TS2834).
// Each one becomes the file it names, with the extension Node would load ('./headless.js',
// './protocol/index.js'). A specifier that names no declaration file fails the build.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../dist/types/', import.meta.url));
const SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}(?:\/[^'"]*)?)\2/g;
const problems = [];

function* declarationFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* declarationFiles(path);
    else if (entry.name.endsWith('.d.ts')) yield path;
  }
}

function withExtension(file, specifier) {
  if (/\.(js|mjs|cjs|json)$/.test(specifier)) return specifier;
  const base = join(dirname(file), specifier);
  if (existsSync(`${base}.d.ts`)) return `${specifier}.js`;
  if (existsSync(join(base, 'index.d.ts'))) return `${specifier.replace(/\/$/, '')}/index.js`;
  problems.push(`${relative(root, file)}: '${specifier}' names no declaration file`);
  return specifier;
}

let rewritten = 0;
for (const file of declarationFiles(root)) {
  const source = readFileSync(file, 'utf8');
  const fixed = source.replace(SPECIFIER, (_all, lead, quote, specifier) => `${lead}${quote}${withExtension(file, specifier)}${quote}`);
  if (fixed !== source) {
    writeFileSync(file, fixed);
    rewritten++;
  }
}
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`declarations: relative specifiers given explicit extensions in ${rewritten} files`);
