// Manual integration: the shared geometry of a batch of changes and its refusals (the edit's REST schema and
// type are in rest/integration.ts).
export * from './integration/index.ts';
