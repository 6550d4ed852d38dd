import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { redactSecrets, type RedactOptions, type Redactor, createRedactor } from '../protocol/redactSecrets';
import { boundedMemo } from '../protocol/boundedMemo';

/**
 * What the kit may show and load, set once by the app: how secrets are redacted in every runtime
 * string a surface shows (names, prose, prompts, previews, schemas, refs, diagnostics), and which
 * origins images may load from (none by default: images come through the app's `loadRef`).
 */
export interface DisplayPolicy {
  /** Redacts a runtime value (object or string; strings cut at 4,000 characters): args, scopes, raw events. */
  redact: Redactor;
  /** Any runtime string as a surface shows it: secrets replaced, never cut (cached for short strings). */
  text: (value: string) => string;
  /** Origins (`https://cdn.example.com`) images may load from directly; `'self'` for the page's own. */
  imageOrigins: readonly string[];
}

/**
 * The display transform of a redactor: its whole-string form when it has one (the kit's do), else
 * the redactor itself. Short strings (names, labels, prompts) repeat across renders: remembered.
 */
export function displayText(redact: Redactor): (value: string) => string {
  const whole = redact.text ?? ((value: string) => redact(value) as string);
  return boundedMemo(whole, { size: CACHE_SIZE, longest: CACHED_LENGTH, forget: 'oldest' });
}
const CACHED_LENGTH = 512;
const CACHE_SIZE = 2_000;

const DEFAULT_POLICY: DisplayPolicy = { redact: redactSecrets, text: displayText(redactSecrets), imageOrigins: [] };
const DisplayPolicyContext = createContext<DisplayPolicy>(DEFAULT_POLICY);

/** Props of `DisplayPolicyProvider`. */
export interface DisplayPolicyProviderProps {
  /** Extra key and value patterns added to the built-in ones, or a redactor of the app's own. */
  redact?: RedactOptions | Redactor;
  /** Origins (`https://cdn.example.com`, or `'self'`) images may load from directly; none by default (images only through `loadRef`). */
  imageOrigins?: readonly string[];
  /** What renders inside. */
  children?: ReactNode;
}

/**
 * Sets what the kit may show and load for its subtree: how secrets are redacted and which origins
 * images may load from (none by default: images only through `loadRef`).
 */
export function DisplayPolicyProvider({ redact, imageOrigins, children }: DisplayPolicyProviderProps) {
  const policy = useMemo<DisplayPolicy>(() => {
    const redactor = typeof redact === 'function' ? redact : redact ? createRedactor(redact) : redactSecrets;
    return { redact: redactor, text: redactor === redactSecrets ? DEFAULT_POLICY.text : displayText(redactor), imageOrigins: imageOrigins ?? [] };
  }, [redact, imageOrigins]);
  return <DisplayPolicyContext.Provider value={policy}>{children}</DisplayPolicyContext.Provider>;
}

/** The display policy in effect (the default when no `DisplayPolicyProvider` is above). */
export function useDisplayPolicy(): DisplayPolicy {
  return useContext(DisplayPolicyContext);
}

/** The app's redactor: apply it to anything runtime-supplied before it is shown or copied. */
export function useRedact(): Redactor {
  return useContext(DisplayPolicyContext).redact;
}

/** The policy's display transform for runtime strings (prose, prompts, previews): secrets replaced, never cut. */
export function useDisplayText(): (value: string) => string {
  return useContext(DisplayPolicyContext).text;
}
