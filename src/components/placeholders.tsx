import { classes } from './format';

// What a lazily loaded part shows until its module arrives (see lazyComponent): its own root, so
// the same box, busy and silent for assistive tech, never a fact of its own.

/** The part's empty root (its container holds its size). */
export const boxPlaceholder = (className: string) => () => <div className={className} data-loading="" aria-busy="true" />;

/** The part's root holding one empty line, so what follows does not move when it fills. */
export const linePlaceholder = (className: string, Line: 'div' | 'p') => () => (
  <div className={className} data-loading="" aria-busy="true">
    <Line className={classes(Line === 'div' && `${className}__summary`, 'aui-placeholder-line')} />
  </div>
);
