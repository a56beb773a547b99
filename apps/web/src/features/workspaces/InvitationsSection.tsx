// Invitations: an administrator invites an address with a role and revokes pending invitations; any user
// sees and accepts the invitations waiting for its (verified) address.
import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { roleLabels, workspaceRoles, type WorkspaceRole } from '@eluent/contracts';
import { Icon } from '../../components/Icon.tsx';
import { formatDateTime } from '../../lib/time.ts';
import { notifyError, notifySuccess } from '../../lib/toast.ts';
import {
  acceptMyInvitation,
  fetchMyInvitations,
  fetchPendingInvitations,
  invite,
  reopenApp,
  revokeInvitation,
} from './workspacesApi.ts';

export function InvitationsSection({ workspaceId }: { workspaceId: number }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<WorkspaceRole>('analyst');
  const pending = useQuery({
    queryKey: ['invitations', workspaceId],
    queryFn: () => fetchPendingInvitations(workspaceId),
  });
  const onError = (error: Error) => notifyError(error.message);
  const send = useMutation({
    mutationFn: () => invite(workspaceId, email.trim(), role),
    onSuccess: (invitation) => {
      notifySuccess(`Invitation sent to ${invitation.email}.`);
      setEmail('');
      void pending.refetch();
    },
    onError,
  });
  const revoke = useMutation({
    mutationFn: (id: number) => revokeInvitation(workspaceId, id),
    onSuccess: () => void pending.refetch(),
    onError,
  });
  return (
    <section className="card workspace-card" aria-label="Invitations">
      <h2>Invite by e-mail</h2>
      <form
        className="workspace-invite"
        onSubmit={(event) => {
          event.preventDefault();
          if (email.trim()) send.mutate();
        }}
      >
        <div className="field">
          <label htmlFor="invite-email">E-mail</label>
          <input
            id="invite-email"
            type="email"
            required
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="invite-role">Role</label>
          <select
            id="invite-role"
            value={role}
            onChange={(event) => setRole(event.target.value as WorkspaceRole)}
          >
            {workspaceRoles.map((choice) => (
              <option key={choice} value={choice}>
                {roleLabels[choice]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button" disabled={send.isPending}>
          <Icon name="send" /> Invite
        </button>
      </form>
      {pending.data && pending.data.length > 0 && (
        <ul className="workspace-list" aria-label="Pending invitations">
          {pending.data.map((invitation) => (
            <li key={invitation.id}>
              <span>
                {invitation.email} · {roleLabels[invitation.role]} · until{' '}
                {formatDateTime(invitation.expires_at)}
              </span>
              <button
                type="button"
                className="button button--secondary button--small"
                disabled={revoke.isPending}
                onClick={() => revoke.mutate(invitation.id)}
              >
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function MyInvitations() {
  const mine = useQuery({ queryKey: ['my-invitations'], queryFn: fetchMyInvitations });
  const accept = useMutation({
    mutationFn: acceptMyInvitation,
    onSuccess: reopenApp,
    onError: (error) => notifyError(error.message),
  });
  if (!mine.data || mine.data.length === 0) return null;
  return (
    <section className="card workspace-card" aria-label="Invitations for you">
      <h2>Invitations for you</h2>
      <ul className="workspace-list">
        {mine.data.map((invitation) => (
          <li key={invitation.id}>
            <span>
              {invitation.workspace_name} · {roleLabels[invitation.role]}
              {invitation.invited_by ? ` · from ${invitation.invited_by}` : ''}
            </span>
            <button
              type="button"
              className="button button--small"
              disabled={accept.isPending}
              onClick={() => accept.mutate(invitation.id)}
            >
              Accept
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
