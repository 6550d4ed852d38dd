// Types for vite.config.ts, which imports isolatedTestFiles.mjs.
export declare function isolatedTestFiles(root: string, dirs?: string[]): string[];
