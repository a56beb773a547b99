// /app/account/: who is signed in, the full name signatures print (editable, audited), whether the address is
// verified, changing the password (through the e-mailed reset link), logging out.
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { accountSchema } from '@eluent/contracts';
import { recoverPassword } from '../../api/auth.ts';
import { http, session } from '../../api/client.ts';
import { parseAnswer } from '../../api/parse.ts';
import { Field, useField } from '../../components/Field.tsx';
import { Icon } from '../../components/Icon.tsx';
import { rules } from '../../lib/validation.ts';
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
  const [savedName, setSavedName] = useState<string | null>(null);
  const [savingName, setSavingName] = useState(false);
  const fullName = useField('', [rules.required]);
  const email = serverEmail ?? user?.email ?? '';

  // The server's record, not only the token's claim (an e-mail may have changed since sign-in).
  useEffect(() => {
    let current = true;
    void http.get<unknown>('/api/accounts/me/').then((result) => {
      if (!current || !result.ok) return;
      const account = parseAnswer(accountSchema, result.data, 'account');
      setServerEmail(account.email);
      setSavedName(account.full_name);
      if (account.full_name) fullName.onInput(account.full_name);
    });
    return () => {
      current = false;
    };
    // Read once on opening; the field is the person's to edit afterwards.
  }, []);

  const saveName = async (event: FormEvent) => {
    event.preventDefault();
    if (!fullName.check()) return;
    setSavingName(true);
    const result = await http.patch<unknown>('/api/accounts/me/', { full_name: fullName.value.trim() });
    setSavingName(false);
    if (!result.ok) {
      const fields = (result.data as { fields?: Record<string, string[]> }).fields;
      if (fields?.full_name?.[0]) fullName.setServerError(fields.full_name[0]);
      else notifyHttpError(result);
      return;
    }
    setSavedName(parseAnswer(accountSchema, result.data, 'account').full_name);
    notifySuccess('Your full name is saved. Signatures from now on print it.');
  };

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
      <section className="card account__card" aria-label="Full name">
        <h2>Full name</h2>
        <p className="account__muted">
          Printed on your electronic signatures, reports and audit entries. Signatures already made keep the
          name they were made with.
        </p>
        {savedName === '' && (
          <p role="note">Your signatures print your e-mail address until you give your full name.</p>
        )}
        <form aria-label="Full name" noValidate onSubmit={(event) => void saveName(event)}>
          <Field label="Full name" name="full_name" autoComplete="name" field={fullName} />
          <button
            type="submit"
            className="button"
            disabled={savingName || savedName === null || fullName.value.trim() === savedName}
          >
            <Icon name="save" /> Save name
          </button>
        </form>
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
