// Types for vite.config.ts, which imports unitTestFiles.mjs.
export declare function unitTestFiles(root: string, dirs?: string[]): { isolated: string[]; jsdom: string[] };
export declare function isolatedTestFiles(root: string, dirs?: string[]): string[];
export declare function jsdomTestFiles(root: string, dirs?: string[]): string[];
