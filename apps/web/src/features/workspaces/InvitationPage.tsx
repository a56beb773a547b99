// /app/invitation/?code=…: the invitation of a mailed link — which workspace, which role, from whom — and
// accepting it with the signed-in account (which must have the invited address). Signed out, the cabinet's
// guard sends the invitee to log in or sign up and back here.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { roleLabels } from '@eluent/contracts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { Icon } from '../../components/Icon.tsx';
import { PageHead } from '../../components/PageHead.tsx';
import { LoadingSkeleton } from '../../components/QueryState.tsx';
import { useSessionUser } from '../../lib/useSession.ts';
import { acceptInvitation, checkInvitation, reopenApp } from './workspacesApi.ts';

export default function InvitationPage() {
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const user = useSessionUser();
  const invitation = useQuery({
    queryKey: ['invitation', code],
    queryFn: () => checkInvitation(code),
  });
  const accept = useMutation({ mutationFn: () => acceptInvitation(code), onSuccess: reopenApp });
  const data = invitation.data;
  const otherAddress = data && user?.email && user.email.toLowerCase() !== data.email.toLowerCase();
  return (
    <div className="cabinet__content workspace-page">
      <PageHead title="Invitation" lead="Join a workspace of your lab." />
      {invitation.isPending ? (
        <LoadingSkeleton label="invitation" />
      ) : invitation.isError ? (
        <ErrorAlert>{invitation.error.message}</ErrorAlert>
      ) : data ? (
        <section className="card workspace-card" aria-label="Invitation">
          <h2>{data.workspace_name}</h2>
          <p>
            {data.invited_by ?? 'An administrator'} invites <strong>{data.email}</strong> as{' '}
            <strong>{roleLabels[data.role]}</strong>.
          </p>
          {otherAddress && (
            <p className="note">
              <Icon name="info" /> You are signed in as {user.email}. Log out and sign in (or sign up) with{' '}
              {data.email} to accept.
            </p>
          )}
          {accept.isError && <ErrorAlert>{accept.error.message}</ErrorAlert>}
          <button
            type="button"
            className="button"
            disabled={accept.isPending || Boolean(otherAddress)}
            onClick={() => accept.mutate()}
          >
            <Icon name="how_to_reg" /> Accept and open the workspace
          </button>
        </section>
      ) : null}
    </div>
  );
}
