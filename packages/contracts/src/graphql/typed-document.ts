// A GraphQL document's text carrying its result and variable types (generated from the server's schema by
// `npm run codegen`), so a client call infers both from the document it sends.
declare const resultType: unique symbol;
declare const variablesType: unique symbol;

export type TypedDocument<Result, Variables> = string & {
  readonly [resultType]?: Result;
  readonly [variablesType]?: Variables;
};

/** The result type a typed document answers. */
export type ResultOf<Document> = Document extends TypedDocument<infer Result, unknown> ? Result : never;

/** The variables a typed document takes. */
export type VariablesOf<Document> =
  Document extends TypedDocument<unknown, infer Variables> ? Variables : never;
