// Every fenced code block in README.md and docs/**/*.md is a test (issue 26): the documentation's
// code is the API. Each block is compiled in a stock Vite React app (create-vite's react-ts
// template, pinned in devDependencies) that installed the packed kit as a product team does, so
// it imports `agentui-kit`, `agentui-kit/headless`, `agentui-kit/adapters/*`, `agentui-kit/server`
// exactly as they resolve from node_modules; the headless blocks also run, and the app builds.
// A block that goes stale fails with its file and line: `README.md:52: error TS2339: ...`.
//
// What a block's info string says (GitHub shows only the language; the rest is for this check):
//   ```ts / ```tsx          compiled with the template's strict settings (unused names are errors)
//   ```tsx file=src/App.tsx  this file of the app (the template's main.tsx imports its default export)
//   ```ts node              compiled as Node code (tsconfig.node.json's settings); also chosen when the
//                           block imports `node:*` or `agentui-kit/server`
//   ```ts norun             compiled, not run (a headless block otherwise runs, from the app's folder)
//   ```ts fragment          deliberately partial: listed, not compiled
//   ```sh / ```json / ```text  a shell command (listed), JSON (parsed), plain text (listed)
// A block that uses names it does not declare (`model`, `tools`) says what they are in an HTML
// comment right above it, which readers do not see; such a block is compiled, never run:
//   <!-- given: import type { LanguageModel } from 'ai'; declare const model: LanguageModel; -->
//
// Usage: node scripts/check-doc-blocks.mjs [file.md ...]   (after npm run build; exit 1 on any error)
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { installPackedKit, keepScratch, root, scratchDir } from './packed-app.mjs';

const CODE = new Set(['ts', 'tsx']);
const SHELL = new Set(['sh', 'shell', 'bash', 'console']);
const TEXT = new Set(['text', 'txt', 'diff']);
/** Imports a runnable (headless) block may use. */
const HEADLESS = /^(?:node:|agentui-kit\/(?:headless|server)$)/;
const NODE_ONLY = /^(?:node:|agentui-kit\/server$)/;

/**
 * The fenced blocks of one markdown document, with the line of each fence (1-based).
 * @param {string} text
 * @param {string} file the path shown in messages
 */
export function extractBlocks(text, file) {
  const lines = text.split('\n');
  const blocks = [];
  let given;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const comment = /^\s*<!--\s*given:([\s\S]*)$/.exec(line);
    if (comment) {
      let body = comment[1];
      while (!body.includes('-->') && i + 1 < lines.length) body += `\n${lines[++i]}`;
      given = { code: body.slice(0, body.indexOf('-->')).trim(), line: i + 1 };
      continue;
    }
    const fence = /^( {0,3})(`{3,})\s*([^`]*)$/.exec(line);
    if (!fence) {
      if (line.trim() !== '') given = undefined;
      continue;
    }
    const [, indent, ticks, info] = fence;
    const [lang = '', ...words] = info.trim().split(/\s+/).filter(Boolean);
    const attrs = Object.fromEntries(words.map((w) => (w.includes('=') ? [w.slice(0, w.indexOf('=')), w.slice(w.indexOf('=') + 1)] : [w, true])));
    const start = i + 1;
    const body = [];
    for (i += 1; i < lines.length && !new RegExp(`^ {0,3}${ticks}\`*\\s*$`).test(lines[i]); i++) body.push(lines[i].startsWith(indent) ? lines[i].slice(indent.length) : lines[i]);
    blocks.push({ file, line: start, lang: lang.toLowerCase(), attrs, code: body.join('\n'), given });
    given = undefined;
  }
  return blocks;
}

/** The bare module specifiers a block imports. */
function importsOf(code) {
  const info = ts.preProcessFile(code, true, true);
  return info.importedFiles.map((f) => f.fileName);
}

const slug = (block) => `${block.file.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '')}-L${block.line}`;

/**
 * Where each block goes in the app and what is done with it.
 * @returns {{ block: object, kind: 'code' | 'fragment' | 'shell' | 'json' | 'text' | 'unknown', path?: string, run?: boolean, node?: boolean }}
 */
export function planBlock(block) {
  if (block.attrs.fragment) return { block, kind: 'fragment' };
  if (SHELL.has(block.lang)) return { block, kind: 'shell' };
  if (TEXT.has(block.lang)) return { block, kind: 'text' };
  if (block.lang === 'json') return { block, kind: 'json' };
  if (!CODE.has(block.lang)) return { block, kind: 'unknown' };
  const imports = importsOf(block.code);
  const node = Boolean(block.attrs.node) || imports.some((s) => NODE_ONLY.test(s));
  const path = typeof block.attrs.file === 'string' ? block.attrs.file : `${node ? 'server' : 'src/doc-blocks'}/${slug(block)}.${block.lang}`;
  const run = !block.given && !block.attrs.norun && block.lang === 'ts' && imports.every((s) => HEADLESS.test(s));
  return { block, kind: 'code', path, run, node };
}

/** README.md and every docs/**\/*.md of the repository. */
export function repositoryDocuments() {
  const docs = readdirSync(join(root, 'docs'), { recursive: true }).map(String).filter((f) => f.endsWith('.md')).sort();
  return ['README.md', ...docs.map((f) => `docs/${f}`)].map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }));
}

const TEMPLATE = join(root, 'node_modules', 'create-vite', 'template-react-ts');
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');

/** The stock template as `npm create vite@latest app -- --template react-ts` writes it, with the packed kit installed. */
function createApp() {
  const dir = scratchDir('agentui-doc-app-');
  cpSync(TEMPLATE, dir, { recursive: true });
  if (existsSync(join(dir, '_gitignore'))) renameSync(join(dir, '_gitignore'), join(dir, '.gitignore'));
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  pkg.dependencies = { ...pkg.dependencies, 'agentui-kit': 'file:agentui-kit.tgz' };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
  installPackedKit(dir);
  return dir;
}

/** Node code beside the app (a server, a script): the template's tsconfig.node.json settings, over server/. */
function addNodeProject(dir) {
  const nodeConfig = ts.readConfigFile(join(dir, 'tsconfig.node.json'), ts.sys.readFile).config;
  nodeConfig.compilerOptions.tsBuildInfoFile = './node_modules/.tmp/tsconfig.server.tsbuildinfo';
  nodeConfig.include = ['server'];
  writeFileSync(join(dir, 'tsconfig.server.json'), JSON.stringify(nodeConfig, null, 2));
  const solution = ts.readConfigFile(join(dir, 'tsconfig.json'), ts.sys.readFile).config;
  solution.references.push({ path: './tsconfig.server.json' });
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(solution, null, 2));
}

/** The block that wrote the app's src/App.tsx (else any block given as a file): what the template's own files import. */
function appOwner(byPath) {
  const files = [...byPath.values()].filter((p) => p.block.attrs.file);
  return files.find((p) => p.path === 'src/App.tsx') ?? files[0];
}

/** `file(line,col): error TS…: message` lines of `tsc --pretty false`, continuation lines joined. */
function parseTscOutput(output) {
  const diagnostics = [];
  for (const line of output.split('\n')) {
    const m = /^(.+?)\((\d+),(\d+)\): (error|warning) (TS\d+): (.*)$/.exec(line);
    if (m) diagnostics.push({ path: m[1].replace(/\\/g, '/'), line: Number(m[2]), code: m[5], message: m[6] });
    else if (line.startsWith('  ') && diagnostics.length > 0) diagnostics[diagnostics.length - 1].message += `\n   ${line.trim()}`;
    else if (line.trim() !== '') diagnostics.push({ path: '', line: 0, code: '', message: line.trim() });
  }
  return diagnostics;
}

/**
 * Checks the blocks of `documents` in one scratch app: compiles every code block, parses JSON,
 * runs the headless blocks and builds the app. Never throws for a bad block: each is an error
 * naming its document and line.
 * @param {{ documents?: { path: string, text: string }[], build?: boolean }} [options]
 */
export function checkDocBlocks({ documents = repositoryDocuments(), build = true } = {}) {
  const plans = documents.flatMap((d) => extractBlocks(d.text, d.path)).map(planBlock);
  const errors = [];
  const fail = (block, line, message) => errors.push({ file: block.file, line, message });
  const dir = createApp();
  const byPath = new Map();

  for (const plan of plans) {
    const { block } = plan;
    if (plan.kind === 'unknown') fail(block, block.line, `a \`\`\`${block.lang || '(no language)'} block: give it a language the check knows (ts, tsx, sh, json, text) or mark it \`fragment\``);
    if (plan.kind === 'json') {
      try {
        JSON.parse(block.code);
      } catch (error) {
        fail(block, block.line, `the JSON does not parse: ${error.message}`);
      }
    }
    if (plan.kind !== 'code') continue;
    if (byPath.has(plan.path)) {
      fail(block, block.line, `a second block for ${plan.path} (the first is at ${byPath.get(plan.path).block.file}:${byPath.get(plan.path).block.line})`);
      continue;
    }
    // The prelude stays on the file's first lines, so a block line is its file line minus their count.
    const prelude = block.given ? `${block.given.code}\n` : '';
    plan.offset = prelude === '' ? 0 : prelude.split('\n').length - 1;
    byPath.set(plan.path, plan);
    mkdirSync(join(dir, dirname(plan.path)), { recursive: true });
    writeFileSync(join(dir, plan.path), `${prelude}${block.code}\n`);
  }

  if ([...byPath.values()].some((p) => p.node)) addNodeProject(dir);

  const where = (plan, fileLine) => {
    const { block } = plan;
    if (fileLine <= plan.offset) return { file: block.file, line: block.given.line, context: 'in its <!-- given: --> comment' };
    return { file: block.file, line: block.line + fileLine - plan.offset, context: '' };
  };

  const compiled = spawnSync(process.execPath, [tsc, '-b', '--pretty', 'false'], { cwd: dir, encoding: 'utf8' });
  const failedPaths = new Set();
  for (const d of parseTscOutput(compiled.stdout + compiled.stderr)) {
    const plan = byPath.get(d.path);
    if (plan) {
      failedPaths.add(d.path);
      const at = where(plan, d.line);
      errors.push({ file: at.file, line: at.line, message: `error ${d.code}: ${d.message}${at.context ? ` (${at.context})` : ''}` });
      continue;
    }
    // An error in the template's own files (main.tsx importing App's default export) belongs to the block that wrote what it imports.
    const owner = appOwner(byPath);
    const text = `${d.path ? `${d.path}(${d.line}): ` : ''}${d.code ? `error ${d.code}: ` : ''}${d.message}`;
    if (owner) errors.push({ file: owner.block.file, line: owner.block.line, message: `the app does not compile with this block as ${owner.path}: ${text}` });
    else errors.push({ file: '(app)', line: 0, message: text });
  }
  if (compiled.status !== 0 && failedPaths.size === 0 && errors.length === 0) errors.push({ file: '(app)', line: 0, message: `tsc -b exited ${compiled.status}: ${compiled.stdout}${compiled.stderr}` });

  let ran = 0;
  for (const plan of byPath.values()) {
    if (!plan.run || failedPaths.has(plan.path)) continue;
    // Inline source maps: a stack trace names the block's own line.
    const js = ts.transpileModule(readFileSync(join(dir, plan.path), 'utf8'), {
      fileName: join(dir, plan.path),
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true, inlineSourceMap: true },
    }).outputText;
    const runFile = join(dir, 'doc-runs', `${slug(plan.block)}.mjs`);
    mkdirSync(dirname(runFile), { recursive: true });
    writeFileSync(runFile, js);
    const result = spawnSync(process.execPath, ['--enable-source-maps', runFile], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
    ran += 1;
    if (result.status !== 0) {
      const stack = `${result.stderr}`.split('\n');
      const at = stack.map((l) => new RegExp(`${slug(plan.block)}\\.(?:mjs|ts):(\\d+)`).exec(l)).find(Boolean);
      const line = at ? where(plan, Number(at[1])).line : plan.block.line;
      const reason = result.error ? result.error.message : stack.find((l) => /Error|error/.test(l)) ?? `exit ${result.status}`;
      fail(plan.block, line, `the block throws when run (node, from the app's folder): ${reason.trim()}`);
    }
  }

  let built = false;
  if (build) {
    const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } });
    built = result.status === 0;
    if (!built) {
      const owner = appOwner(byPath);
      // eslint-disable-next-line no-control-regex
      const lines = (result.stdout + result.stderr).replace(/\x1b\[[0-9;]*m/g, '').split('\n').filter((l) => l.trim() !== '');
      const first = Math.max(0, lines.findIndex((l) => /error/i.test(l)));
      errors.push({ file: owner?.block.file ?? '(app)', line: owner?.block.line ?? 0, message: `vite build of the app fails: ${lines.slice(first, first + 8).join('\n')}` });
    }
  }

  const count = (kind) => plans.filter((p) => p.kind === kind).length;
  const tally = { code: count('code'), run: ran, shell: count('shell'), json: count('json'), text: count('text'), fragment: count('fragment'), built };
  return { errors: errors.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line), tally, dir, plans };
}

/** One line per error, `file:line: message`, as editors and CI annotations read them. */
export const formatErrors = (errors) => errors.map((e) => `${e.file}:${e.line}: ${e.message}`).join('\n');

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const paths = process.argv.slice(2);
  const documents = paths.length > 0 ? paths.map((p) => ({ path: relative(root, join(process.cwd(), p)), text: readFileSync(p, 'utf8') })) : undefined;
  const { errors, tally, dir } = checkDocBlocks({ documents });
  console.log(`doc blocks: ${tally.code} compiled (${tally.run} run${tally.built ? ', the app built' : ''}), ${tally.json} JSON parsed, ${tally.shell} shell and ${tally.text} text listed, ${tally.fragment} fragments${errors.length > 0 ? `; the app is kept in ${dir}` : ''}`);
  if (errors.length > 0) {
    keepScratch();
    console.error(formatErrors(errors));
    process.exitCode = 1;
  }
}
