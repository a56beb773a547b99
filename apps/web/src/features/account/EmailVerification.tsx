// Whether the account's address is verified; a new verification link on request (docs/roles.md: an
// unverified account works in its personal workspace but cannot invite).
import { useMutation, useQuery } from '@tanstack/react-query';
import { Icon } from '../../components/Icon.tsx';
import { notifyError, notifySuccess } from '../../lib/toast.ts';
import { fetchWorkspaces, sendVerification, workspacesKey } from '../workspaces/workspacesApi.ts';

export function EmailVerification() {
  const workspaces = useQuery({ queryKey: workspacesKey, queryFn: fetchWorkspaces });
  const send = useMutation({
    mutationFn: sendVerification,
    onSuccess: (answer) => notifySuccess(answer.detail),
    onError: (error) => notifyError(error.message),
  });
  if (!workspaces.data) return null;
  const verified = workspaces.data.email_verified;
  return (
    <section className="card account__card" aria-label="E-mail address">
      <h2>E-mail address</h2>
      {verified ? (
        <p>
          <Icon name="verified" /> Verified.
        </p>
      ) : (
        <>
          <p>
            Not verified yet. Open the link we e-mailed you; until then you work in your personal workspace
            but cannot invite anyone.
          </p>
          <button
            type="button"
            className="button button--secondary"
            disabled={send.isPending || send.isSuccess}
            onClick={() => send.mutate()}
          >
            <Icon name="mark_email_unread" /> Send a new link
          </button>
        </>
      )}
    </section>
  );
}
