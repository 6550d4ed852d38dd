import { createElement, forwardRef, type ReactNode, type SVGProps } from 'react';

// lucide-react's icon files each call `createLucideIcon(__iconData)`; its own version builds the SVG
// through a context, an attribute builder and five helpers (1.2 KB gzip, a fifth of a FactBadge).
// The kit's build gives those files this one instead (vite.config.ts, `lucideIconBase`): the same
// SVG for what the kit passes (size, stroke width, classes, aria attributes), drawn from the same
// icon data. icon/createLucideIcon.test.tsx holds it to lucide-react's markup for every kit icon.

/** One element of an icon: its tag, its attributes (with React's `key`), its children. */
export type IconNode = [tag: string, attributes: Record<string, string | number>, children?: IconNode[]];

/** What a lucide icon file passes: its name, aliases and elements. */
export interface LucideIconData {
  name?: string;
  aliases?: readonly string[];
  size?: number;
  node: IconNode[];
}

/** What the kit passes an icon: SVG attributes, a size and a stroke width. */
export interface LucideIconProps extends Omit<SVGProps<SVGSVGElement>, 'ref'> {
  size?: string | number;
  children?: ReactNode;
}

const draw = ([tag, attributes, children]: IconNode): ReactNode => createElement(tag, attributes, ...(children ?? []).map(draw));

/** The SVG of an icon, as lucide-react renders it: 24-unit box, round strokes in the text's colour. */
export default function createLucideIcon(data: LucideIconData) {
  const own = ['lucide', ...[data.name, ...(data.aliases ?? [])].filter((name) => typeof name === 'string' && name.trim() !== '').map((name) => `lucide-${name}`)];
  const box = data.size ?? 24;
  return forwardRef<SVGSVGElement, LucideIconProps>(function LucideIcon({ size = 24, strokeWidth = 2, className, children, ...rest }, ref) {
    const classes = [...new Set([...own, ...(className ?? '').split(/\s+/)].filter(Boolean))].join(' ');
    const hidden = !children && !Object.keys(rest).some((prop) => prop.startsWith('aria-') || prop === 'role' || prop === 'title');
    return createElement(
      'svg',
      {
        ref,
        xmlns: 'http://www.w3.org/2000/svg',
        width: size,
        height: size,
        viewBox: `0 0 ${box} ${box}`,
        fill: 'none',
        stroke: 'currentColor',
        strokeWidth,
        strokeLinecap: 'round',
        strokeLinejoin: 'round',
        className: classes,
        ...(hidden && { 'aria-hidden': 'true' }),
        ...rest,
      },
      ...data.node.map(draw),
      children,
    );
  });
}
