import type { experimental_createSteering, readUIMessageStream } from 'ai';

/** What the adapter uses of the `ai` package at run time. */
export interface AiRuntime {
  readUIMessageStream: typeof readUIMessageStream;
  experimental_createSteering: typeof experimental_createSteering;
}

let loading: Promise<AiRuntime> | undefined;

/**
 * The `ai` package, loaded when an adapter first runs a turn. The entry's pure mappers
 * (`toRuntimeEvents`, `ChunkMapper`) never import it, so an app that only maps a stream builds
 * without `ai` installed; an app that runs the adapter without it gets an error naming the package.
 */
export function loadAi(): Promise<AiRuntime> {
  loading ??= import('ai').then(
    (ai) => ai,
    (error: unknown) => {
      loading = undefined;
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`createAiSdkAdapter needs the AI SDK: install it with \`npm install ai@7\` (${reason})`);
    },
  );
  return loading;
}
