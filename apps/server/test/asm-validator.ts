// Validates Allotrope Simple Model documents offline against the schemas in ../shared/reference/asm
// (JSON Schema 2020-12), every referenced schema loaded from its file by its $id.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

export const ASM_DIR = fileURLToPath(new URL('../../../../shared/reference/asm/', import.meta.url));
export const hasAsmSchemas = existsSync(ASM_DIR);
if (!hasAsmSchemas && process.env.CI) throw new Error(`CI needs the ASM schemas in ${ASM_DIR}`);

const LC_SCHEMA_ID =
  'http://purl.allotrope.org/json-schemas/adm/liquid-chromatography/REC/2024/03/liquid-chromatography.tabular.schema';
// core.schema allows `$asm.manifest` as an IRI or as an inline manifest object; Eluent writes the IRI, so the
// manifest schema (not among the reference files) is never reached and stands in as any object.
const MANIFEST_SCHEMA_ID = 'http://purl.allotrope.org/json-schemas/adm/core/REC/2024/03/manifest.schema';

function schemaFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? schemaFiles(path) : name.endsWith('.json') ? [path] : [];
  });
}

export function asmValidator() {
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  addFormats(ajv);
  for (const path of schemaFiles(ASM_DIR)) ajv.addSchema(JSON.parse(readFileSync(path, 'utf8')) as object);
  ajv.addSchema({ $id: MANIFEST_SCHEMA_ID, type: 'object' });
  const validate = ajv.getSchema(LC_SCHEMA_ID);
  if (!validate) throw new Error(`${LC_SCHEMA_ID} is not among the schemas in ${ASM_DIR}`);
  return (document: unknown) => {
    const valid = validate(document) as boolean;
    return { valid, errors: ajv.errorsText(validate.errors, { separator: '\n' }) };
  };
}
