// List conventions shared by methods and templates (spec §5, §7, §9): search by name or id, pages of 20.

export const PAGE_SIZE = 20;
const MAX_INT = 2_147_483_647;

/**
 * The `_or` conditions of a search: the name contains the text (case-insensitive, `%` and `_` literal);
 * a positive whole number also matches the id exactly. Empty text gives null (no filter).
 */
export function searchByNameOrId(text: string): Record<string, unknown>[] | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const escaped = trimmed.replace(/[\\%_]/g, (character) => `\\${character}`);
  const conditions: Record<string, unknown>[] = [{ name: { _ilike: `%${escaped}%` } }];
  if (/^\d+$/.test(trimmed) && Number(trimmed) > 0 && Number(trimmed) <= MAX_INT) {
    conditions.push({ id: { _eq: Number(trimmed) } });
  }
  return conditions;
}

export interface ListParams {
  search: string;
  archived: boolean;
  favoritesOnly: boolean;
  page: number;
}

export const initialListParams: ListParams = { search: '', archived: false, favoritesOnly: false, page: 0 };

/** The list variables of spec §7: favorites first, archived view, offset paging. */
export function listVariables(params: ListParams): Record<string, unknown> {
  return {
    limit: PAGE_SIZE,
    offset: params.page * PAGE_SIZE,
    hasOnlyFavorites: params.favoritesOnly ? true : null,
    hasSortingByFavorites: 'desc',
    isArchived: params.archived,
    whereSearchByNameOrId: searchByNameOrId(params.search),
  };
}
