// Types for vite.config.ts, which imports unitTestFiles.mjs.
export declare function isolatedTestFiles(root: string, dirs?: string[]): string[];
export declare function jsdomTestFiles(root: string, dirs?: string[]): string[];
