import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// WCAG 1.4.11: the boundary of an input must contrast at least 3:1 with what surrounds it. The
// kit's inputs sit on the background and on the surface colour, in both themes.
const css = readFileSync(new URL('./styles.css', import.meta.url), 'utf8');

/** Every theme block's custom properties (the rule bodies that declare `--aui-color-bg`). */
const themes = [...css.matchAll(/\{([^{}]*--aui-color-bg:[^{}]*)\}/g)].map(([, body]) =>
  Object.fromEntries([...body!.matchAll(/(--aui-color-[\w-]+):\s*(#[0-9a-f]{6})/gi)].map(([, name, value]) => [name!, value!])),
);

const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

describe('input boundaries', () => {
  it('every theme (light, dark, and each system-preference block) defines them', () => {
    expect(themes.length).toBe(4);
    for (const theme of themes) expect(theme['--aui-color-input-border']).toMatch(/^#/);
  });

  it.each(['--aui-color-bg', '--aui-color-surface'])('contrast at least 3:1 against %s in every theme', (ground) => {
    for (const theme of themes) expect(contrast(theme['--aui-color-input-border']!, theme[ground]!)).toBeGreaterThanOrEqual(3);
  });

  it('inputs, selects, text areas and the mode toggle use them', () => {
    expect(css).toMatch(/\.aui-root textarea \{[^}]*border: 1px solid var\(--aui-color-input-border\)/);
    expect(css).toMatch(/\.aui-toggle-group \{[^}]*border: 1px solid var\(--aui-color-input-border\)/);
  });
});
