// REST of accounts and sessions (spec §7): the bodies the server parses sign-in, sign-up, refresh, recovery
// and Google sign-in with, and the answers the web app reads, one source for both.
import { z } from 'zod';
import { formMessages } from '../forms.ts';

const id = z.number().int().positive();
/** A non-empty text; anything else (missing, empty, not text) is "required", as the forms show it. */
const requiredText = z.custom<string>((value) => typeof value === 'string' && value.length > 0, {
  message: formMessages.required,
});

/** POST /api/token/. */
export const signInInputSchema = z.object({ username: requiredText, password: requiredText });
/** POST /api/accounts/ (the address and the password length are checked by the server's rules). */
export const signUpInputSchema = z.object({ email: requiredText, password: requiredText });
/** POST /api/token/refresh/. */
export const refreshInputSchema = z.object({ refresh: requiredText });
/** POST /api/accounts/:recover-password/. */
export const recoverPasswordInputSchema = z.object({ email: requiredText });
/** POST /api/accounts/:reset-password/. */
export const resetPasswordInputSchema = z.object({ code: requiredText, password: requiredText });
/** POST /api/accounts/:google_signin/. */
export const googleSignInInputSchema = z.object({ id_token: requiredText });

/** A session's tokens: POST /api/token/ and /api/token/refresh/; `expires_in` in seconds. */
export const tokenPairSchema = z.object({ access: z.string(), refresh: z.string(), expires_in: z.number() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

/** POST /api/accounts/ and /api/accounts/:google_signin/: the account and its first session. */
export const signedUpSchema = tokenPairSchema.extend({ id, email: z.string() });
export type SignedUp = z.infer<typeof signedUpSchema>;

/** GET /api/accounts/me/. */
export const accountSchema = z.object({ id, email: z.string() });
export type Account = z.infer<typeof accountSchema>;

/** Recovery and reset answer a sentence to show. */
export const detailAnswerSchema = z.object({ detail: z.string() });
export type DetailAnswer = z.infer<typeof detailAnswerSchema>;

/** GET /api/accounts/:check-reset-password/?code=…: the code is live, for this address. */
export const resetCodeCheckSchema = z.object({ detail: z.string(), email: z.string() });
export type ResetCodeCheck = z.infer<typeof resetCodeCheckSchema>;

/** GET /api/google_signin/client_id/. */
export const googleClientIdSchema = z.object({ client_id: z.string().nullable() });
export type GoogleClientId = z.infer<typeof googleClientIdSchema>;
