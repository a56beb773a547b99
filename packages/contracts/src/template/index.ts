export * from './algorithms.ts';
export * from './template.ts';
export * from './integrationEvents.ts';
export * from './templateSchema.ts';
export * from './storedTemplate.ts';
