import { createContext, useContext } from 'react';

/** Shows one of the workbench's side lanes (`team`, `evidence` ...); provided by `AgentWorkbench`. */
export type OpenLane = (lane: string) => void;

/** Lets a part in the thread link to the lane that holds its details; absent outside a workbench. */
export const LaneNavigation = createContext<OpenLane | undefined>(undefined);
export const useOpenLane = () => useContext(LaneNavigation);
