// Types for the TypeScript configs that import pinned-chromium.mjs (vite.config.ts, playwright.config.ts).
export declare const PINNED_CHROMIUM_VERSION: string;
export declare const CHROMIUM_ARGS: string[];
export declare function pinnedChromiumPath(): string;
export declare function chromiumLaunchOptions(): { executablePath: string; args: string[] };
