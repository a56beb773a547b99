export * from './plan.ts';
export * from './refusal.ts';
