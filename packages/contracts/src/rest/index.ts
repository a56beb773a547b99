export * from './sequences.ts';
