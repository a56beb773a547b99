// Every GraphQL document the clients send, untyped: the codegen reads them here (typed-documents.generated.ts
// gives each its result and variable types).
export * from './spec-documents.ts';
export * from './web-documents.ts';
