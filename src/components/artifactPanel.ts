import { createContext, useContext } from 'react';

/**
 * Opens an artifact in the workbench's side panel (beside the thread when wide, a sheet when
 * narrow); provided by `AgentWorkbench`. A card outside a workbench opens its dialog instead.
 */
export const ArtifactPanel = createContext<((artifactId: string) => void) | undefined>(undefined);
/** The workbench's artifact opener, or undefined outside a workbench. */
export const useArtifactPanel = () => useContext(ArtifactPanel);
