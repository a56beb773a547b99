// /auth/verify-email/?code=…: uses the mailed verification code at once (signed in or not: the code is the
// proof) and says what happened.
import { useEffect, useRef, useState } from 'react';
import { Link } from '../../components/AppLinks.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { AuthCard } from '../auth/AuthCard.tsx';
import { useSessionUser } from '../../lib/useSession.ts';
import { verifyEmail } from './workspacesApi.ts';
import '../auth/auth.css';

type Outcome = { kind: 'checking' } | { kind: 'done'; text: string } | { kind: 'failed'; text: string };

export default function VerifyEmailPage() {
  const code = new URLSearchParams(window.location.search).get('code') ?? '';
  const user = useSessionUser();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'checking' });
  const sent = useRef(false);
  useEffect(() => {
    // The code is used once: a second effect run (development's strict mode) must not send it again.
    if (sent.current) return;
    sent.current = true;
    verifyEmail(code).then(
      (answer) => setOutcome({ kind: 'done', text: `${answer.detail} (${answer.email})` }),
      (error: Error) => setOutcome({ kind: 'failed', text: error.message }),
    );
  }, [code]);
  const next = user ? '/app/account/' : '/auth/login/';
  return (
    <AuthCard title="Verify your e-mail address">
      {outcome.kind === 'checking' && <p>Checking the link…</p>}
      {outcome.kind === 'done' && (
        <div className="form-success" role="status">
          {outcome.text}
        </div>
      )}
      {outcome.kind === 'failed' && <ErrorAlert>{outcome.text}</ErrorAlert>}
      {outcome.kind !== 'checking' && (
        <Link className="button button--block" to={next}>
          {user ? 'Back to your account' : 'Log in'}
        </Link>
      )}
    </AuthCard>
  );
}
