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
/** A person's full name as signatures print it (21 CFR 11.50); surrounding spaces are dropped. */
export const fullNameSchema = z
  .string({ message: 'Enter your full name' })
  .trim()
  .max(150, 'Field must have at most 150 characters');
/**
 * POST /api/accounts/ (the address and the password length are checked by the server's rules). `full_name`
 * is optional for the clients of the original contract; the sign-up page asks for it.
 */
export const signUpInputSchema = z.object({
  email: requiredText,
  password: requiredText,
  full_name: fullNameSchema.optional(),
});
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

/**
 * POST /api/accounts/ (201): the same answer whether or not the address already has an account, so sign-up
 * tells nobody which addresses are registered (docs/security.md). The person signs in next.
 */
export const signUpAnswerSchema = z.object({ detail: z.string(), email: z.string() });
export type SignUpAnswer = z.infer<typeof signUpAnswerSchema>;
/** Sign-up's one answer for `email`. */
export function signUpAnswer(email: string): SignUpAnswer {
  return {
    detail: `Check your mail: we sent a message to ${email} to verify the address. If it already had an account, the message tells you how to sign in.`,
    email,
  };
}

/** /api/accounts/:google_signin/ (and the CLI's create-user): the account and its first session. */
export const signedUpSchema = tokenPairSchema.extend({ id, email: z.string() });
export type SignedUp = z.infer<typeof signedUpSchema>;

/** GET /api/accounts/me/ (and PATCH's answer); `full_name` is '' until the person gives it. */
export const accountSchema = z.object({ id, email: z.string(), full_name: z.string() });
export type Account = z.infer<typeof accountSchema>;

/** PATCH /api/accounts/me/: the person's full name (required here: it is what signatures print). */
export const accountUpdateInputSchema = z.object({ full_name: fullNameSchema });
export type AccountUpdateInput = z.input<typeof accountUpdateInputSchema>;

/** The name a signature prints for its signer: the full name, else the e-mail address. */
export function personName(person: { full_name: string; email: string }): string {
  return person.full_name.trim() || person.email;
}

/**
 * A person as audit rows and reports print them: "Ada Lovelace (ada@lab.org)"; the name or the address alone
 * when only one is known (a share-link visitor gets no address); else the user number.
 * @example personLabel({ id: 3, name: 'Ada Lovelace', email: null }) // 'Ada Lovelace'
 */
export function personLabel(person: { id: number; name?: string | null; email?: string | null }): string {
  const name = person.name?.trim();
  if (name && person.email) return `${name} (${person.email})`;
  return name || person.email || `User ${person.id}`;
}

/** Recovery and reset answer a sentence to show. */
export const detailAnswerSchema = z.object({ detail: z.string() });
export type DetailAnswer = z.infer<typeof detailAnswerSchema>;

/** GET /api/accounts/:check-reset-password/?code=…: the code is live, for this address. */
export const resetCodeCheckSchema = z.object({ detail: z.string(), email: z.string() });
export type ResetCodeCheck = z.infer<typeof resetCodeCheckSchema>;

/** POST /api/accounts/verify-email/: the address now verified. */
export const emailVerifiedSchema = z.object({ detail: z.string(), email: z.string() });
export type EmailVerified = z.infer<typeof emailVerifiedSchema>;

/** GET /api/google_signin/client_id/. */
export const googleClientIdSchema = z.object({ client_id: z.string().nullable() });
export type GoogleClientId = z.infer<typeof googleClientIdSchema>;
