// Indexing a list by one of its fields (spec §5: only string or number keys).

export const INVALID_KEY_MESSAGE = 'The key value type must be a string or a number.';

/** @example indexBy([{ id: 1 }], 'id') // { 1: { id: 1 } } */
export function indexBy<T extends object, K extends keyof T>(items: readonly T[], key: K): Record<string, T> {
  const result: Record<string, T> = {};
  for (const item of items) {
    const value = item[key];
    if (typeof value !== 'string' && typeof value !== 'number') throw new Error(INVALID_KEY_MESSAGE);
    result[String(value)] = item;
  }
  return result;
}
