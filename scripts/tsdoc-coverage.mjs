// TSDoc coverage of the public API, as an editor shows it: every export of the package's entries
// (the root, headless, server, adapters), and every member of the public *Props interfaces and of
// RuntimeSummary. Prints the counts and the undocumented names; --min N fails below N percent.
import ts from 'typescript';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
// The source entry behind each export's types: dist/types/X.d.ts ← src/X.ts(x).
const entries = Object.values(pkg.exports)
  .map((target) => (typeof target === 'object' ? target.types : undefined))
  .filter(Boolean)
  .map((types) => types.replace('./dist/types/', 'src/').replace(/\.d\.ts$/, '.ts'));
const program = ts.createProgram(entries.map((e) => `${root}${e}`), { jsx: ts.JsxEmit.ReactJSX, strict: true, allowJs: false, noEmit: true });
const checker = program.getTypeChecker();
const hasDoc = (symbol) => symbol.documented === true || symbol.getDocumentationComment(checker).some((part) => part.text.trim() !== '');
/** True when the statement that re-exports `alias` carries a `/** ... *\/` comment. */
const docAtReexport = (alias) =>
  (alias.declarations ?? []).some((declaration) => {
    const statement = ts.isExportDeclaration(declaration.parent) ? declaration.parent : declaration;
    const text = statement.getSourceFile().text;
    return (ts.getLeadingCommentRanges(text, statement.pos) ?? []).some((range) => text.startsWith('/**', range.pos));
  });

const exports = new Map();
for (const entry of entries) {
  const source = program.getSourceFile(`${root}${entry}`);
  if (!source) continue;
  const moduleSymbol = checker.getSymbolAtLocation(source);
  if (!moduleSymbol) continue;
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    // A namespace re-export (`export * as x`) is documented where it is re-exported.
    exports.set(exported.name, symbol.flags & ts.SymbolFlags.ValueModule && docAtReexport(exported) ? { documented: true } : symbol);
  }
}
const missing = [...exports].filter(([, symbol]) => !hasDoc(symbol)).map(([name]) => name).sort();

const members = [];
for (const [name, symbol] of exports) {
  if (!/Props$/.test(name) && name !== 'RuntimeSummary') continue;
  const type = checker.getDeclaredTypeOfSymbol(symbol);
  for (const member of type.getProperties()) {
    const declaration = member.declarations?.[0];
    // Props inherited from React's DOM attributes are React's to document.
    if (!declaration || declaration.getSourceFile().fileName.includes('node_modules')) continue;
    members.push({ name: `${name}.${member.name}`, doc: hasDoc(member) });
  }
}
const missingMembers = members.filter((m) => !m.doc).map((m) => m.name);
const pct = (n, d) => (d === 0 ? 100 : (100 * n) / d).toFixed(0);
const exportCount = exports.size - missing.length;
const memberCount = members.length - missingMembers.length;
console.log(`TSDoc: ${exportCount} of ${exports.size} public exports (${pct(exportCount, exports.size)}%), ${memberCount} of ${members.length} members of *Props and RuntimeSummary (${pct(memberCount, members.length)}%)`);
if (process.argv.includes('--list')) {
  if (missing.length) console.log(`undocumented exports: ${missing.join(', ')}`);
  if (missingMembers.length) console.log(`undocumented members: ${missingMembers.join(', ')}`);
}
const min = process.argv.includes('--min') ? Number(process.argv[process.argv.indexOf('--min') + 1]) : 0;
// Exact ratios (not the rounded percentages printed): 394 of 395 is below 100.
const ratio = (n, d) => (d === 0 ? 100 : (100 * n) / d);
if (ratio(exportCount, exports.size) < min || ratio(memberCount, members.length) < min) {
  console.error(`TSDoc coverage is below ${min}%: document the names listed by npm run docs:coverage`);
  process.exitCode = 1;
}
