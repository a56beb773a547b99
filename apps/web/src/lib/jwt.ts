// Decodes the access token's payload on the client (spec §3: user data and the exp claim); no verification.

export interface AccessTokenPayload {
  user_id: string;
  email?: string;
  exp?: number;
  [claim: string]: unknown;
}

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The payload of a JWT, or null when the token is not one. */
export function decodeJwt(token: string): AccessTokenPayload | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const payload: unknown = JSON.parse(base64UrlDecode(parts[1]));
    if (typeof payload !== 'object' || payload === null) return null;
    const claims = payload as Record<string, unknown>;
    const userId = claims.user_id ?? claims.sub;
    if (typeof userId !== 'string' && typeof userId !== 'number') return null;
    return { ...claims, user_id: String(userId) };
  } catch {
    return null;
  }
}
