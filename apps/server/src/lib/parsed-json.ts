/** A jsonb value may arrive as JSON text: parsed when it is valid JSON, otherwise returned as it is. */
export function parsedJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}
