export * from './sequences.ts';
export * from './samples.ts';
export * from './peaks.ts';
export * from './results.ts';
