import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// WCAG 1.4.11: the boundary of an input must contrast at least 3:1 with what surrounds it. The
// kit's inputs sit on the background and on the surface colour, in both themes.
const css = readFileSync(new URL('./styles.css', import.meta.url), 'utf8');

/** The colour tokens of each scheme: every `--aui-color-x: light-dark(#light, #dark)` declaration, split in two. */
const pairs = [...css.matchAll(/(--aui-color-[\w-]+):\s*light-dark\((#[0-9a-f]{6}),\s*(#[0-9a-f]{6})\)/gi)];
const themes = [0, 1].map((scheme) => Object.fromEntries(pairs.map(([, name, light, dark]) => [name!, scheme === 0 ? light! : dark!])));

const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

describe('input boundaries', () => {
  it('both schemes (light and dark) define them', () => {
    expect(pairs.length).toBeGreaterThan(10);
    expect(themes.length).toBe(2);
    for (const theme of themes) expect(theme['--aui-color-input-border']).toMatch(/^#/);
  });

  it.each(['--aui-color-bg', '--aui-color-surface'])('contrast at least 3:1 against %s in every theme', (ground) => {
    for (const theme of themes) expect(contrast(theme['--aui-color-input-border']!, theme[ground]!)).toBeGreaterThanOrEqual(3);
  });

  it('inputs, selects, text areas, the composer field and the mode toggle use them', () => {
    expect(css).toMatch(/\.aui-root textarea \{[^}]*border: 1px solid var\(--aui-color-input-border\)/);
    expect(css).toMatch(/\.aui-composer__field \{[^}]*border: 1px solid var\(--aui-color-input-border\)/);
    expect(css).toMatch(/\.aui-toggle-group \{[^}]*border: 1px solid var\(--aui-color-input-border\)/);
  });
});

describe('text colours', () => {
  // WCAG 1.4.3: text at least 4.5:1. Muted words and every tone are text somewhere (a status, a hint).
  const texts = ['--aui-color-fg', '--aui-color-muted', '--aui-color-accent', '--aui-color-danger', '--aui-color-warning', '--aui-color-success', '--aui-color-blocked'];
  it.each(['--aui-color-bg', '--aui-color-surface'])('contrast at least 4.5:1 against %s in both schemes', (ground) => {
    const low = themes.flatMap((theme, i) => texts.filter((name) => contrast(theme[name]!, theme[ground]!) < 4.5).map((name) => `${i ? 'dark' : 'light'} ${name}: ${contrast(theme[name]!, theme[ground]!).toFixed(2)}`));
    expect(low).toEqual([]);
  });
});

