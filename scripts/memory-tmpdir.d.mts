/** Types of memory-tmpdir.mjs, for the TypeScript test configurations that call it. */
export declare function useMemoryTmpdir(): string | undefined;
