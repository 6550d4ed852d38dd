import { createContext, useContext } from 'react';
import type { Labels } from '../../src/ui/labels';

export type StoryTheme = 'light' | 'dark';

/** The toolbar's theme and labels, for stories that make their own provider. */
export const StoryGlobals = createContext<{ theme: StoryTheme; labels: Labels }>({ theme: 'light', labels: {} });
export const useStoryGlobals = () => useContext(StoryGlobals);
