import type { ComponentType } from 'react';
import { sameEntries } from '../hooks/useStableValue';
import type { ToolCallRecord } from '../store/records';
import type { Labels } from '../ui/labels';
import type { ToolCallProps } from './ToolCall';
import type { RefLoader } from './useRefContent';

/** What a custom text part receives. */
export interface TextComponentProps {
  /** The part's id in the store (`parts.byId`). */
  partId: string;
  /** The message the part belongs to. */
  messageId: string;
  /** The answer text so far (markdown as the model wrote it). */
  text: string;
  /** The message is still streaming: the text may grow. */
  streaming: boolean;
}

/** What a custom reasoning part receives. */
export interface ReasoningComponentProps {
  /** The part's id in the store (`parts.byId`). */
  partId: string;
  /** The message the part belongs to. */
  messageId: string;
  /** The reasoning text so far. */
  text: string;
  /** The reasoning ended (the answer started or the message completed). */
  done: boolean;
  /** How long it took, from the events' timestamps; absent when the runtime did not give both. */
  durationMs?: number;
  /** Overrides for the kit's strings, as the conversation was given them. */
  labels?: Labels;
}

/** What a custom tool part receives: the tool call's facts, and the kit's row to fall back to. */
export interface ToolComponentProps extends Pick<ToolCallProps, 'onOpenOutput' | 'onOpenEvidence' | 'onRetry' | 'labels'> {
  /** The tool call's id (`toolCalls.byId`). */
  toolCallId: string;
  /** The tool call as the store holds it (name, args, status, output preview...). */
  tool: ToolCallRecord;
  /** The kit's own tool row, to wrap or show beside yours. */
  Default: ComponentType<ToolCallProps>;
}

/** What a custom action (approval, input request) part receives. */
export interface ActionComponentProps {
  /** The request's id (`actions.byId`). */
  actionId: string;
  /** Overrides for the kit's strings, as the conversation was given them. */
  labels?: Labels;
  /** The clock the conversation was given, for deadlines. */
  now?: () => number;
}

/** What a custom artifact part receives. */
export interface ArtifactComponentProps {
  /** The artifact's id (`artifacts.byId`). */
  artifactId: string;
  /** Loads content behind a ref, as the conversation was given it. */
  loadRef?: RefLoader;
  /** Overrides for the kit's strings, as the conversation was given them. */
  labels?: Labels;
}

/**
 * Your own components for parts of the conversation; any part kind left out renders the kit's
 * default. `Tool.byName` renders one tool your way (as assistant-ui's tool UIs do), `Tool.Fallback`
 * every other tool.
 * @example
 * <Conversation components={{ Tool: { byName: { get_weather: WeatherCard } } }} />
 */
export interface ConversationComponents {
  Text?: ComponentType<TextComponentProps>;
  Reasoning?: ComponentType<ReasoningComponentProps>;
  Tool?: {
    byName?: Record<string, ComponentType<ToolComponentProps>>;
    Fallback?: ComponentType<ToolComponentProps>;
  };
  Action?: ComponentType<ActionComponentProps>;
  Artifact?: ComponentType<ArtifactComponentProps>;
}

/** Two `components` maps that render the same: the same components, and the same tool components by name. */
export function sameComponents(a: ConversationComponents | undefined, b: ConversationComponents | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  const { Tool: toolA, ...restA } = a;
  const { Tool: toolB, ...restB } = b;
  if (!sameEntries(restA, restB)) return false;
  if (toolA === toolB) return true;
  if (toolA === undefined || toolB === undefined) return false;
  return toolA.Fallback === toolB.Fallback && sameEntries(toolA.byName, toolB.byName);
}
