export * from './algorithms.ts';
export * from './template.ts';
