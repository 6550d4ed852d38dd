// The tool rows of the thread and the Tools lane: one chunk (lazyRows.tsx), loaded with the first
// tool call shown or when the page is idle.
export { ToolGroup, ToolPart } from './ToolCall';
export { ToolSlot } from './ToolSlot';
