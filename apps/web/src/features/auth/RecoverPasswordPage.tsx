// Password recovery: the server e-mails a link to /auth/reset-password/?code=…
import { useState, type FormEvent } from 'react';
import { Link } from '../../components/AppLinks.tsx';
import { useAppSearchParams } from '../../lib/appHistory.ts';
import { Field, useField } from '../../components/Field.tsx';
import { rules } from '../../lib/validation.ts';
import { recoverPassword } from '../../api/auth.ts';
import { httpErrorText } from '../../api/errors.ts';
import { AuthCard } from './AuthCard.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';

export default function RecoverPasswordPage() {
  // The log-in page passes the address typed there (`?email=`): the person need not type it twice.
  const email = useField(useAppSearchParams().get('email') ?? '', [rules.required, rules.email]);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.check()) return;
    setBusy(true);
    setError(null);
    const result = await recoverPassword(email.value.trim());
    setBusy(false);
    if (result.ok) setSent(result.data?.detail ?? 'Check your inbox.');
    else setError(httpErrorText(result.status, result.data));
  };

  return (
    <AuthCard title="Reset your password" subtitle="Enter the e-mail of your account and we send you a link.">
      {sent ? (
        <div className="form-success" role="status">
          {sent}
        </div>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          {error && <ErrorAlert>{error}</ErrorAlert>}
          <Field label="E-mail" name="email" type="email" autoComplete="email" field={email} autoFocus />
          <button className="button button--block" type="submit" disabled={busy}>
            {busy ? 'Sending…' : 'Send reset link'}
          </button>
        </form>
      )}
      <p className="auth__footer">
        <Link to="/auth/login/">Back to log in</Link>
      </p>
    </AuthCard>
  );
}
