// Account calls of spec §7 (REST): sign-in, sign-up, Google sign-in, password recovery and reset.
import { http, session } from './client.ts';
import type {
  DetailAnswer,
  GoogleClientId,
  ResetCodeCheck,
  SignedUp,
  SignUpAnswer,
  TokenPair,
} from '@eluent/contracts';
import type { HttpResult } from './http.ts';
import type { TokenResponse } from './session.ts';

async function keepTokens<T extends TokenResponse>(result: HttpResult<T>): Promise<HttpResult<T>> {
  if (result.ok) session.save(result.data);
  return result;
}

export async function signIn(email: string, password: string) {
  return keepTokens(
    await http.post<TokenPair>('/api/token/', { username: email, password }, { auth: false }),
  );
}

/**
 * Sign-up answers alike whether or not the address had an account (no tokens, docs/security.md); the page
 * then signs in with the same password, which works for the new account (and for an owner who typed theirs).
 */
export function signUp(email: string, password: string, fullName: string) {
  return http.post<SignUpAnswer>('/api/accounts/', { email, password, full_name: fullName }, { auth: false });
}

export async function googleSignIn(idToken: string) {
  return keepTokens(
    await http.post<SignedUp>('/api/accounts/:google_signin/', { id_token: idToken }, { auth: false }),
  );
}

export async function googleClientId(): Promise<string | null> {
  const result = await http.get<GoogleClientId>('/api/google_signin/client_id/', {
    auth: false,
  });
  return result.ok ? (result.data?.client_id ?? null) : null;
}

export function recoverPassword(email: string) {
  return http.post<DetailAnswer>('/api/accounts/:recover-password/', { email }, { auth: false });
}

export function checkResetCode(code: string) {
  return http.get<ResetCodeCheck>(`/api/accounts/:check-reset-password/?code=${encodeURIComponent(code)}`, {
    auth: false,
  });
}

export function resetPassword(code: string, password: string) {
  return http.post<DetailAnswer>('/api/accounts/:reset-password/', { code, password }, { auth: false });
}

export function sendContactMessage(message: { name: string; email: string; message: string }) {
  return http.post<{ detail?: string }>('/api/contact/', message, { auth: false });
}
