import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useMemo, useRef } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { convertToModelMessages, jsonSchema, simulateReadableStream, stepCountIs, streamText, tool } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { createAiSdkAdapter } from '../../src/adapters/ai-sdk';
import { AgentWorkbench } from '../../src/components/AgentWorkbench';
import { useRuntimeActions } from '../../src/hooks/useRuntimeContext';
import { shallowEqual, useRuntimeSelector } from '../../src/hooks/useRuntimeSelector';
import { createRuntimeStore } from '../../src/store/createRuntimeStore';
import { StoryProvider } from '../support/StoryProvider';
import { STORY_NOW } from '../support/storyEvents';

const usage = { inputTokens: { total: 12, noCache: 12, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 9, text: 9, reasoning: 0 } };
const say = (id: string, text: string): LanguageModelV4StreamPart[] => [
  { type: 'text-start', id },
  ...text.split(/(?<= )/).map((delta): LanguageModelV4StreamPart => ({ type: 'text-delta', id, delta })),
  { type: 'text-end', id },
];

/**
 * The AI SDK adapter running in the browser on a scripted model: it asks for `browser_locale`, a
 * tool without `execute` (a client-side tool), then answers from the tool's result it is sent.
 */
function browserAgent() {
  const model = new MockLanguageModelV4({
    modelId: 'scripted-browser-model',
    doStream: async ({ prompt }) => {
      const last = prompt[prompt.length - 1]!;
      const result = last.role === 'tool' ? last.content.find((part) => part.type === 'tool-result') : undefined;
      const locale = result?.output.type === 'json' ? (result.output.value as { language?: string; timeZone?: string }) : undefined;
      const chunks: LanguageModelV4StreamPart[] = locale
        ? [...say('answer', `Your browser speaks ${locale.language} in the ${locale.timeZone} time zone.`), { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage }]
        : [
            ...say('ask', 'Let me ask your browser. '),
            { type: 'tool-input-start', id: 'call-locale', toolName: 'browser_locale' },
            { type: 'tool-input-delta', id: 'call-locale', delta: '{}' },
            { type: 'tool-input-end', id: 'call-locale' },
            { type: 'tool-call', toolCallId: 'call-locale', toolName: 'browser_locale', input: '{}' },
            { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool-calls' }, usage },
          ];
      return { stream: simulateReadableStream({ chunks, chunkDelayInMs: 30 }) };
    },
  });
  const tools = { browser_locale: tool({ description: "The browser's language and time zone.", inputSchema: jsonSchema<Record<string, never>>({ type: 'object', properties: {} }) }) };
  return createAiSdkAdapter({
    sessionId: 'client-tools',
    chat: async ({ messages, abortSignal }) => streamText({ model, messages: await convertToModelMessages(messages), tools, stopWhen: stepCountIs(3), abortSignal }).toUIMessageStream(),
  });
}

/** The app's side of the client-side tool: a `browser_locale` call the turn waits on gets the browser's answer, once. */
function BrowserLocaleTool() {
  const actions = useRuntimeActions();
  const waiting = useRuntimeSelector(
    (s) => [...s.toolCalls.byId.values()].filter((t) => t.name === 'browser_locale' && t.status === 'running' && t.turnId !== undefined && s.turns.byId.get(t.turnId)?.stage === 'acting').map((t) => t.toolCallId),
    shallowEqual,
  );
  const answered = useRef(new Set<string>());
  useEffect(() => {
    for (const toolCallId of waiting) {
      if (answered.current.has(toolCallId)) continue;
      answered.current.add(toolCallId);
      void actions.addToolOutput(toolCallId, { language: navigator.language, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
    }
  }, [waiting, actions]);
  return null;
}

function ClientToolScene() {
  const store = useMemo(() => createRuntimeStore(), []);
  const adapter = useMemo(() => browserAgent(), []);
  return (
    <StoryProvider store={store} adapter={adapter}>
      <BrowserLocaleTool />
      <div className="story-frame">
        <AgentWorkbench now={STORY_NOW} />
      </div>
    </StoryProvider>
  );
}

const meta = {
  title: 'Behaviour/Client-side tool',
  component: ClientToolScene,
  parameters: {
    docs: {
      description: {
        component:
          'A tool the app runs in the browser (an AI SDK tool without `execute`): the turn stays open, its stage says it waits for the app, the app answers with `useRuntimeActions().addToolOutput(toolCallId, output)`, and the model goes on with the output.',
      },
    },
  },
} satisfies Meta<typeof ClientToolScene>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Ask; the scripted model calls `browser_locale`; the browser answers it; the model reads the answer. */
export const BrowserAnswersTheTool: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'Which language does my browser use?');
    await userEvent.click(canvas.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(canvasElement.querySelector('.aui-conversation .aui-tool-call[data-tool-status="succeeded"]')).not.toBeNull(), { timeout: 10_000 });
    await waitFor(() => expect(canvas.getByText(/Your browser speaks .+ in the .+ time zone\./)).toBeTruthy(), { timeout: 10_000 });
  },
};
