export * from './sequences.ts';
export * from './samples.ts';
