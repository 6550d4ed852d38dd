// The kit's icons: lucide's SVGs (ISC), each imported from its own file so an app's bundle holds
// the few the kit draws and nothing else. One size (1em, so an icon follows its text), one stroke,
// hidden from assistive tech: the words beside an icon say what it means, never the icon alone.
// Each kit icon is a module of its own (icon/*.tsx), like lucide's: a chunk loaded later (a lane,
// the tool rows) brings its icons with it, and the first screen holds only the icons it draws.
import type { ComponentPropsWithoutRef } from 'react';
import type Check from 'lucide-react/icons/check';

/** Props of a kit icon: an SVG's own attributes; `spin` turns it (stopped under reduced motion). */
export interface IconProps extends Omit<ComponentPropsWithoutRef<'svg'>, 'ref'> {
  spin?: boolean;
}

/** A lucide icon drawn the kit's way: 1em square, decorative, with the `aui-icon` class. */
export function kitIcon(Svg: typeof Check) {
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
