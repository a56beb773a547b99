/** Types of test-time.mjs, for the TypeScript test configurations and helpers that call it. */
export declare function testTimeScale(): number;
export declare function loadTimeScale(): number;
export declare function maxTimeScale(): number;
