// The kit's icons: lucide's SVGs (ISC), each imported from its own file so an app's bundle holds
// the few the kit draws and nothing else. One size (1em, so an icon follows its text), one stroke,
// hidden from assistive tech: the words beside an icon say what it means, never the icon alone.
// Each kit icon is a module of its own (icon/*.tsx), like lucide's: a chunk loaded later (a lane,
// the tool rows) brings its icons with it, and the first screen holds only the icons it draws.
import type { ComponentPropsWithoutRef, ComponentType } from 'react';
import type { LucideIconProps } from './createLucideIcon';

/** Props of a kit icon: an SVG's own attributes; `spin` turns it (stopped under reduced motion). */
export interface IconProps extends Omit<ComponentPropsWithoutRef<'svg'>, 'ref'> {
  spin?: boolean;
}

/**
 * A lucide icon drawn the kit's way: 1em square, decorative, with the `aui-icon` class. Typed by
 * the props the kit passes, not by lucide-react's own types: the icons are built into the kit, so
 * an app installs no lucide-react for them (any lucide-react icon, or SVG component, still fits).
 */
export function kitIcon(Svg: ComponentType<LucideIconProps>) {
  return function KitIcon({ spin, className, ...rest }: IconProps) {
    return (
      <Svg
        size="1em"
        strokeWidth={2}
        aria-hidden="true"
        focusable="false"
        className={['aui-icon', spin && 'aui-icon--spin', className].filter(Boolean).join(' ')}
        {...rest}
      />
    );
  };
}

/** A kit icon component. */
export type KitIcon = ReturnType<typeof kitIcon>;
