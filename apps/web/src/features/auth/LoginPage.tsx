// Sign-in with e-mail and password (POST /api/token/); the guard then returns to the referer.
import { useState, type FormEvent } from 'react';
import { Link } from '../../components/AppLinks.tsx';
import { useAppSearchParams } from '../../lib/appHistory.ts';
import { PASSWORD_MIN_LENGTH } from '@eluent/contracts/forms';
import { Field, useField } from '../../components/Field.tsx';
import { rules } from '../../lib/validation.ts';
import { signIn } from '../../api/auth.ts';
import { httpErrorText } from '../../api/errors.ts';
import { AuthCard } from './AuthCard.tsx';
import { GoogleSignIn } from './GoogleSignIn.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';

export const WRONG_CREDENTIALS_TEXT = 'No active account found with the given credentials';

function addressQuery(address: string): string {
  const trimmed = address.trim();
  return trimmed ? `?email=${encodeURIComponent(trimmed)}` : '';
}

export function LoginPage() {
  const params = useAppSearchParams();
  const email = useField('', [rules.required, rules.email]);
  const password = useField('', [rules.required]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const referer = params.get('referer');
  const keepReferer = referer ? `?referer=${encodeURIComponent(referer)}` : '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (![email.check(), password.check()].every(Boolean)) return;
    setBusy(true);
    setError(null);
    const result = await signIn(email.value.trim(), password.value);
    setBusy(false);
    if (!result.ok) setError(httpErrorText(result.status, result.data));
  };

  return (
    <AuthCard title="Log in to Eluent" subtitle="Your instruments, methods and results, wherever you are.">
      <form onSubmit={(event) => void submit(event)} noValidate>
        {error && <ErrorAlert>{error}</ErrorAlert>}
        <Field label="E-mail" name="email" type="email" autoComplete="username" field={email} autoFocus />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          field={password}
        />
        <div className="auth__row">
          {/* The address typed so far goes along: the recovery page opens with it filled in. */}
          <Link to={`/auth/recover-password/${addressQuery(email.value)}`}>Forgot password?</Link>
        </div>
        <button className="button button--block" type="submit" disabled={busy}>
          {busy ? 'Signing in…' : 'Log in'}
        </button>
      </form>
      <GoogleSignIn onError={setError} />
      <p className="auth__footer">
        New to Eluent? <Link to={`/auth/sign-up/${keepReferer}`}>Create an account</Link>
      </p>
      <p className="auth__hint">Passwords have at least {PASSWORD_MIN_LENGTH} characters.</p>
    </AuthCard>
  );
}
