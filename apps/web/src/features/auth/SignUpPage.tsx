// Sign-up (POST /api/accounts/): the answer is the same for a new address and a taken one ("check your
// mail"), so the page then signs in with the same password: a new account goes straight to the app; when
// the sign-in fails the address already had an account, whose owner was mailed, and the page says to check
// the mail. The full name is what the person's signatures and reports print (21 CFR 11.50).
import { useState, type FormEvent } from 'react';
import { Link } from '../../components/AppLinks.tsx';
import { PASSWORD_MIN_LENGTH } from '@eluent/contracts/forms';
import { Field, useField } from '../../components/Field.tsx';
import { rules } from '../../lib/validation.ts';
import { signIn, signUp } from '../../api/auth.ts';
import { httpErrorText } from '../../api/errors.ts';
import { AuthCard } from './AuthCard.tsx';
import { GoogleSignIn } from './GoogleSignIn.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';

export default function SignUpPage() {
  const fullName = useField('', [rules.required]);
  const email = useField('', [rules.required, rules.email]);
  const password = useField('', [rules.required, rules.minLength(PASSWORD_MIN_LENGTH)]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (![fullName.check(), email.check(), password.check()].every(Boolean)) return;
    setBusy(true);
    setError(null);
    const result = await signUp(email.value.trim(), password.value, fullName.value.trim());
    if (result.ok) {
      const session = await signIn(email.value.trim(), password.value);
      setBusy(false);
      if (!session.ok) setSent(result.data.detail);
      return;
    }
    setBusy(false);
    const fields = result.data.fields;
    if (fields?.full_name?.[0]) fullName.setServerError(fields.full_name[0]);
    if (fields?.email?.[0]) email.setServerError(fields.email[0]);
    if (fields?.password?.[0]) password.setServerError(fields.password[0]);
    setError(httpErrorText(result.status, result.data));
  };

  return (
    <AuthCard
      title="Create your Eluent account"
      subtitle="Free to start. Attach a simulated instrument or your own."
    >
      {sent ? (
        <div className="form-success" role="status">
          <p>{sent}</p>
          <p>
            Already have an account? <Link to="/auth/login/">Log in</Link> or{' '}
            <Link to="/auth/recover-password/">recover your password</Link>.
          </p>
        </div>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          {error && <ErrorAlert>{error}</ErrorAlert>}
          <Field label="Full name" name="full_name" autoComplete="name" field={fullName} autoFocus />
          <Field label="E-mail" name="email" type="email" autoComplete="email" field={email} />
          <Field
            label="Password"
            name="password"
            type="password"
            autoComplete="new-password"
            field={password}
          />
          <button className="button button--block" type="submit" disabled={busy}>
            {busy ? 'Creating account…' : 'Create account'}
          </button>
        </form>
      )}
      <GoogleSignIn onError={setError} />
      <p className="auth__footer">
        Already have an account? <Link to="/auth/login/">Log in</Link>
      </p>
    </AuthCard>
  );
}
