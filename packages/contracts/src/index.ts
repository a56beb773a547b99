export * from './errors.ts';
export * from './forms.ts';
export * from './realtime/index.ts';
export * from './device/index.ts';
export * from './template/index.ts';
export * from './graphql/spec-documents.ts';
export * from './integration.ts';
export * from './detection.ts';
