// /app/account/: who is signed in, whether the address is verified, changing the password (through the e-mailed reset link), logging out.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Account } from '@eluent/contracts';
import { recoverPassword } from '../../api/auth.ts';
import { http, session } from '../../api/client.ts';
import { Icon } from '../../components/Icon.tsx';
import { actionToastOptions, notifyHttpError, notifySuccess } from '../../lib/toast.ts';
import { useSessionUser } from '../../lib/useSession.ts';
import { CLIENT_VERSION } from '../../lib/constants.ts';
import { InstallSuggestion } from '../../pwa/InstallSuggestion.tsx';
import { EmailVerification } from './EmailVerification.tsx';
import './account.css';

export const passwordLinkSentText = (email: string) =>
  `We sent a link to ${email}. Open it to choose your new password, then log in with it.`;

export default function AccountPage() {
  const user = useSessionUser();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [serverEmail, setServerEmail] = useState<string | null>(null);
  const email = serverEmail ?? user?.email ?? '';

  // The server's record, not only the token's claim (an e-mail may have changed since sign-in).
  useEffect(() => {
    let current = true;
    void http.get<Account>('/api/accounts/me/').then((result) => {
      if (current && result.ok) setServerEmail(result.data.email);
    });
    return () => {
      current = false;
    };
  }, []);

  const logout = () => {
    void navigate('/', { replace: true });
    session.logout();
  };

  // The reset link works only signed out (the /auth pages send a signed-in user to the app), so asking for
  // it ends the session here.
  const changePassword = async () => {
    setBusy(true);
    const result = await recoverPassword(email);
    setBusy(false);
    if (!result.ok) {
      notifyHttpError(result);
      return;
    }
    notifySuccess(passwordLinkSentText(email), actionToastOptions);
    void navigate('/auth/login/', { replace: true });
    session.logout();
  };

  return (
    <div className="account">
      <h1>Account</h1>
      <section className="card account__card" aria-label="Signed in as">
        <h2>Signed in as</h2>
        <p className="account__email">
          <Icon name="account_circle" /> {email}
        </p>
      </section>
      <EmailVerification />
      <section className="card account__card" aria-label="Password">
        <h2>Password</h2>
        <p>
          We e-mail you a link to choose a new password. You are logged out here until you log in with the new
          one.
        </p>
        <button
          type="button"
          className="button"
          disabled={busy || !email}
          onClick={() => void changePassword()}
        >
          <Icon name="key" /> Change password
        </button>
      </section>
      <InstallSuggestion />
      <section className="card account__card" aria-label="Session">
        <h2>Session</h2>
        <p className="account__muted">Eluent {CLIENT_VERSION}</p>
        <button type="button" className="button button--secondary" onClick={logout}>
          <Icon name="logout" /> Log out
        </button>
      </section>
    </div>
  );
}
