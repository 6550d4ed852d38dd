import { useCallback } from 'react';
import { useDisplayText } from './displayPolicy';

// Bidirectional control characters reorder what follows them: `invoice\u202Etxt.exe` displays as
// `invoiceexe.txt`. Where a runtime names things (tools, files, models, titles, ids) the kit shows
// such characters as visible markers and isolates the name from the text around it.

// Embeddings, overrides and isolates (LRE RLE PDF LRO RLO, LRI RLI FSI PDI); marks (LRM RLM ALM)
// are harmless in prose but hide in names.
const CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;
const CONTROLS_AND_MARKS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

const marker = (c: string) => `[U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}]`;

/** A name, id or path with every bidi control and mark shown as `[U+202E]`. */
export function revealBidi(text: string): string {
  return text.replace(CONTROLS_AND_MARKS, marker);
}

/** Prose: overrides, embeddings and isolates shown, directional marks (legitimate in RTL text) kept. */
export function revealBidiControls(text: string): string {
  return text.replace(CONTROLS, marker);
}

/**
 * A runtime-supplied name or phrase as the display policy shows it: secrets redacted, isolated
 * from its neighbours, its bidi controls visible.
 */
export function SafeText({ children }: { children: string }) {
  const text = useDisplayText();
  return <bdi>{revealBidi(text(children))}</bdi>;
}

/** The policy's transform for a runtime name used in an attribute or a sentence: redacted, bidi controls shown. */
export function useDisplayName(): (value: string) => string {
  const text = useDisplayText();
  return useCallback((value: string) => revealBidi(text(value)), [text]);
}
