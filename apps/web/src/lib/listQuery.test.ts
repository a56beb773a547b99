import { describe, expect, it } from 'vitest';
import { initialListParams, listVariables, searchByNameOrId } from './listQuery.ts';

describe('searchByNameOrId (spec §5)', () => {
  it('matches the name case-insensitively with wildcards taken literally', () => {
    expect(searchByNameOrId(' 100%_a ')).toEqual([{ name: { _ilike: '%100\\%\\_a%' } }]);
  });
  it('also matches the id exactly for a positive whole number', () => {
    expect(searchByNameOrId('42')).toEqual([{ name: { _ilike: '%42%' } }, { id: { _eq: 42 } }]);
    expect(searchByNameOrId('0')).toEqual([{ name: { _ilike: '%0%' } }]);
    expect(searchByNameOrId('4.2')).toEqual([{ name: { _ilike: '%4.2%' } }]);
  });
  it('gives no filter for empty text', () => {
    expect(searchByNameOrId('  ')).toBeNull();
  });
});

describe('listVariables (spec §7, §9)', () => {
  it('pages by 20, favorites first, active view by default', () => {
    expect(listVariables({ ...initialListParams, page: 2 })).toEqual({
      limit: 20,
      offset: 40,
      hasOnlyFavorites: null,
      hasSortingByFavorites: 'desc',
      isArchived: false,
      whereSearchByNameOrId: null,
    });
  });
  it('asks for favorites only and the archived view', () => {
    const variables = listVariables({ ...initialListParams, archived: true, favoritesOnly: true });
    expect(variables).toMatchObject({ hasOnlyFavorites: true, isArchived: true });
  });
});
