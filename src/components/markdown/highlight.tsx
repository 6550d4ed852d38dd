// Syntax highlighting for code blocks: Prism's grammars through refractor (a syntax tree, never an
// HTML string), loaded as a chunk of its own by CodeBlock. The languages agents write most; any
// other language shows as plain code.
import { createElement, Fragment, type ReactNode } from 'react';
import { refractor } from 'refractor/core';
import bash from 'refractor/bash';
import c from 'refractor/c';
import cpp from 'refractor/cpp';
import css from 'refractor/css';
import diff from 'refractor/diff';
import go from 'refractor/go';
import java from 'refractor/java';
import json from 'refractor/json';
import markdown from 'refractor/markdown';
import markup from 'refractor/markup';
import python from 'refractor/python';
import rust from 'refractor/rust';
import sql from 'refractor/sql';
import tsx from 'refractor/tsx';
import typescript from 'refractor/typescript';
import yaml from 'refractor/yaml';

for (const syntax of [bash, c, cpp, css, diff, go, java, json, markdown, markup, python, rust, sql, tsx, typescript, yaml]) refractor.register(syntax);

/** True when `lang` (a fence's info word, lower-cased) has a grammar here. */
export function highlights(lang: string): boolean {
  return refractor.registered(lang);
}

type Node = ReturnType<typeof refractor.highlight>['children'][number];

/** `code` as elements with Prism's token classes (`token keyword` ...). */
export function highlight(code: string, lang: string): ReactNode {
  // Children as arguments, in their fixed order: no keys needed.
  return createElement(Fragment, null, ...refractor.highlight(code, lang).children.map(toReact));
}

function toReact(node: Node): ReactNode {
  if (node.type === 'text') return node.value;
  if (node.type !== 'element') return null;
  const className = node.properties.className;
  return createElement(node.tagName, { className: Array.isArray(className) ? className.join(' ') : undefined }, ...node.children.map(toReact));
}
