// Password reset from the e-mail link: the code is checked first, then a new password is set.
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from '../../components/AppLinks.tsx';
import { useAppSearchParams } from '../../lib/appHistory.ts';
import { PASSWORD_MIN_LENGTH } from '@eluent/contracts/forms';
import { Field, useField } from '../../components/Field.tsx';
import { rules } from '../../lib/validation.ts';
import { checkResetCode, resetPassword } from '../../api/auth.ts';
import { httpErrorText } from '../../api/errors.ts';
import { AuthCard } from './AuthCard.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';

export const PASSWORDS_DIFFER_TEXT = 'Passwords do not match';

type CodeState = { kind: 'checking' } | { kind: 'valid'; email: string } | { kind: 'invalid'; text: string };

export default function ResetPasswordPage() {
  const params = useAppSearchParams();
  const code = params.get('code') ?? '';
  const [codeState, setCodeState] = useState<CodeState>({ kind: 'checking' });
  const password = useField('', [rules.required, rules.minLength(PASSWORD_MIN_LENGTH)]);
  const repeat = useField('', [rules.required]);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let active = true;
    void checkResetCode(code).then((result) => {
      if (!active) return;
      if (result.ok) {
        const email = (result.data as { email?: string } | null)?.email ?? '';
        setCodeState({ kind: 'valid', email });
      } else setCodeState({ kind: 'invalid', text: httpErrorText(result.status, result.data) });
    });
    return () => {
      active = false;
    };
  }, [code]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (![password.check(), repeat.check()].every(Boolean)) return;
    if (password.value !== repeat.value) {
      repeat.setServerError(PASSWORDS_DIFFER_TEXT);
      return;
    }
    setBusy(true);
    setError(null);
    const result = await resetPassword(code, password.value);
    setBusy(false);
    if (result.ok)
      setDone((result.data as { detail?: string } | null)?.detail ?? 'Your password has been changed.');
    else setError(httpErrorText(result.status, result.data));
  };

  if (codeState.kind === 'checking') return <AuthCard title="Choose a new password">{null}</AuthCard>;
  if (codeState.kind === 'invalid') {
    return (
      <AuthCard title="Choose a new password">
        <ErrorAlert>{codeState.text}</ErrorAlert>
        <p className="auth__footer">
          <Link to="/auth/recover-password/">Request a new link</Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password" subtitle={codeState.email ? `For ${codeState.email}` : undefined}>
      {done ? (
        <>
          <div className="form-success" role="status">
            {done}
          </div>
          <Link className="button button--block" to="/auth/login/">
            Log in
          </Link>
        </>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          {error && <ErrorAlert>{error}</ErrorAlert>}
          <Field
            label="New password"
            name="password"
            type="password"
            autoComplete="new-password"
            field={password}
            autoFocus
          />
          <Field
            label="Repeat the new password"
            name="repeat"
            type="password"
            autoComplete="new-password"
            field={repeat}
          />
          <button className="button button--block" type="submit" disabled={busy}>
            {busy ? 'Saving…' : 'Set new password'}
          </button>
        </form>
      )}
    </AuthCard>
  );
}
