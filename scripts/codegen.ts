// `npm run codegen`: writes the GraphQL clients' result and variable types, generated from the server's
// schema built in this process (no server runs), to packages/contracts/src/graphql/typed-documents.generated.ts.
import { writeFileSync } from 'node:fs';
import { CLIENT_TYPES_PATH, generateClientTypes } from '../apps/server/src/services/graphql/client-types.ts';

writeFileSync(CLIENT_TYPES_PATH, await generateClientTypes());
console.log(`wrote ${CLIENT_TYPES_PATH}`);
