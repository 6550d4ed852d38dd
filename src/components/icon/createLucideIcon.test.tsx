// @vitest-environment jsdom
// The kit's build gives lucide's icon files createLucideIcon.ts in place of lucide-react's own
// (vite.config.ts): the same SVG for every icon the kit draws, with the props kitIcon passes.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import createLucideIcon, { type LucideIconData, type LucideIconProps } from './createLucideIcon';

const names = readdirSync(__dirname)
  .filter((file) => /^Icon\w+\.tsx$/.test(file))
  .map((file) => /from 'lucide-react\/icons\/([\w-]+)'/.exec(readFileSync(join(__dirname, file), 'utf8'))![1]!);

const LUCIDE_ICONS = join(__dirname, '../../../node_modules/lucide-react/dist/esm/icons');

/** What kitIcon passes, with and without a class of the caller's and a spin. */
const PROPS: LucideIconProps[] = [
  { size: '1em', strokeWidth: 2, 'aria-hidden': 'true', focusable: 'false', className: 'aui-icon' },
  { size: '1em', strokeWidth: 2, 'aria-hidden': 'true', focusable: 'false', className: 'aui-icon aui-icon--spin aui-chevron' },
];

describe('the kit build’s lucide icon base', () => {
  it('draws every kit icon', () => {
    expect(names.length).toBeGreaterThanOrEqual(39);
  });

  it.each(names)('%s: the same SVG as lucide-react', async (name) => {
    const Theirs = ((await import(`lucide-react/icons/${name}`)) as { default: ComponentType<LucideIconProps> }).default;
    // An alias's file re-exports the icon it names (`circle-alert` is `circle-exclamation-point`).
    const file = readFileSync(join(LUCIDE_ICONS, `${name}.mjs`), 'utf8');
    const canonical = /export \{ default \} from '\.\/([\w-]+)\.mjs'/.exec(file)?.[1] ?? name;
    const Ours = createLucideIcon(((await import(`lucide-react/icons/${canonical}`)) as { __iconData: LucideIconData }).__iconData);
    for (const props of PROPS) {
      expect(render(<Ours {...props} />).container.innerHTML).toBe(render(<Theirs {...props} />).container.innerHTML);
    }
  });
});
