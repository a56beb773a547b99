// The share link's form: /share/?token=<share token>[&id=<object id>]#/<route>. The token sits in the query,
// before the hash, so the hash stays a plain route.

export interface ShareLink {
  token: string | null;
  /** The shared object's id when the route does not name it (reports). */
  id: number | null;
  /** For an injection report opened with a sample's share token. */
  injection: number | null;
}

const positive = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : null);

export function readShareLink(location: Pick<Location, 'search' | 'hash'> = window.location): ShareLink {
  const params = new URLSearchParams(location.search);
  const hashQuery = location.hash.split('?')[1];
  if (hashQuery)
    for (const [key, value] of new URLSearchParams(hashQuery)) if (!params.has(key)) params.set(key, value);
  const token = params.get('token');
  return {
    token: token && token.trim() !== '' ? token.trim() : null,
    id: positive(params.get('id')),
    injection: positive(params.get('injection')),
  };
}

/** The address of a shared sample (or one of its injections) for a share token. */
export function sampleShareUrl(
  origin: string,
  token: string,
  sampleId: number,
  injectionId?: number,
): string {
  const route =
    injectionId === undefined ? `#/samples/${sampleId}/` : `#/samples/${sampleId}/injection/${injectionId}/`;
  return `${origin}/share/?token=${encodeURIComponent(token)}${route}`;
}

/** The address of a printable report read through a share token. */
export function reportShareUrl(
  origin: string,
  token: string,
  kind: 'injection' | 'sequence',
  id: number,
): string {
  return `${origin}/share/?token=${encodeURIComponent(token)}&id=${id}#/reports/${kind}/`;
}
