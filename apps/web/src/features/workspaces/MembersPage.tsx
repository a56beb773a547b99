// /app/members/: the current workspace's members and their roles, invitations by e-mail (admins), the
// invitations waiting for the user, and a new workspace. docs/roles.md says what each role may do.
import { useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { allows, roleLabels, workspaceRoles, type WorkspaceRole } from '@eluent/contracts';
import { Icon } from '../../components/Icon.tsx';
import { PageHead } from '../../components/PageHead.tsx';
import { LoadFailure, LoadingSkeleton } from '../../components/QueryState.tsx';
import { notifyError, notifySuccess } from '../../lib/toast.ts';
import { useSessionUser } from '../../lib/useSession.ts';
import {
  fetchMembers,
  fetchWorkspaces,
  removeMember,
  reopenApp,
  sendVerification,
  setMemberRole,
  workspacesKey,
  type Workspace,
} from './workspacesApi.ts';
import { InvitationsSection, MyInvitations } from './InvitationsSection.tsx';
import { NewWorkspaceForm } from './NewWorkspaceForm.tsx';
import { RenameWorkspaceForm } from './RenameWorkspaceForm.tsx';
import './workspaces.css';

/** The members table, then `below` once the table is drawn: nothing under it moves when it arrives. */
function MembersTable({
  workspace,
  userId,
  below,
}: {
  workspace: Workspace;
  userId: number;
  below: ReactNode;
}) {
  const queryClient = useQueryClient();
  const key = ['members', workspace.id];
  const members = useQuery({ queryKey: key, queryFn: () => fetchMembers(workspace.id) });
  const manage = allows(workspace.role, 'members.manage');
  const onError = (error: Error) => notifyError(error.message);
  const changeRole = useMutation({
    mutationFn: ({ id, role }: { id: number; role: WorkspaceRole }) => setMemberRole(workspace.id, id, role),
    onSuccess: (rows) => queryClient.setQueryData(key, rows),
    onError,
  });
  const remove = useMutation({
    mutationFn: (id: number) => removeMember(workspace.id, id),
    onSuccess: (_answer, id) => {
      if (id === userId) reopenApp();
      else void members.refetch();
    },
    onError,
  });
  if (members.isError)
    return (
      <>
        <LoadFailure error={members.error} onRetry={() => void members.refetch()} />
        {below}
      </>
    );
  if (!members.data) return <LoadingSkeleton label="members" />;
  return (
    <>
      <div className="card list-card">
        <table className="list-table" aria-label="Members">
          <thead>
            <tr>
              <th>E-mail</th>
              <th>Role</th>
              <th aria-label="Actions" />
            </tr>
          </thead>
          <tbody>
            {members.data.map((member) => (
              <tr key={member.user_id}>
                <td className="workspace-members__email">
                  {member.email}
                  {member.user_id === userId && <span className="workspace-members__you"> (you)</span>}
                </td>
                <td>
                  {manage ? (
                    <select
                      aria-label={`Role of ${member.email}`}
                      value={member.role}
                      disabled={changeRole.isPending}
                      onChange={(event) =>
                        changeRole.mutate({ id: member.user_id, role: event.target.value as WorkspaceRole })
                      }
                    >
                      {workspaceRoles.map((role) => (
                        <option key={role} value={role}>
                          {roleLabels[role]}
                        </option>
                      ))}
                    </select>
                  ) : (
                    roleLabels[member.role]
                  )}
                </td>
                <td className="list-table__actions">
                  {(manage || member.user_id === userId) && !workspace.personal && (
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      disabled={remove.isPending}
                      onClick={() => remove.mutate(member.user_id)}
                    >
                      <Icon name={member.user_id === userId ? 'logout' : 'person_remove'} />{' '}
                      {member.user_id === userId ? 'Leave' : `Remove ${member.email}`}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {below}
    </>
  );
}

function VerifyNote() {
  const [sent, setSent] = useState(false);
  const send = useMutation({
    mutationFn: sendVerification,
    onSuccess: (answer) => {
      setSent(true);
      notifySuccess(answer.detail);
    },
    onError: (error) => notifyError(error.message),
  });
  return (
    <p className="note">
      <Icon name="mark_email_unread" /> Verify your e-mail address to invite people: open the link we sent
      you.{' '}
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={send.isPending || sent}
        onClick={() => send.mutate()}
      >
        Send a new link
      </button>
    </p>
  );
}

export default function MembersPage() {
  const user = useSessionUser();
  const workspaces = useQuery({ queryKey: workspacesKey, queryFn: fetchWorkspaces });
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState(false);
  if (workspaces.isError)
    return (
      <div className="cabinet__content">
        <LoadFailure error={workspaces.error} onRetry={() => void workspaces.refetch()} />
      </div>
    );
  const data = workspaces.data;
  if (!data || !user)
    return (
      <div className="cabinet__content">
        <LoadingSkeleton label="workspace" />
      </div>
    );
  const workspace = data.current;
  const manage = allows(workspace.role, 'members.manage');
  return (
    <div className="cabinet__content workspace-page">
      <PageHead
        title={workspace.name}
        lead={`Members of this workspace and what they may do. Your role: ${roleLabels[workspace.role]}.`}
        actions={
          <>
            {manage && (
              <button type="button" className="button button--secondary" onClick={() => setRenaming(true)}>
                <Icon name="edit" /> Rename
              </button>
            )}
            <button type="button" className="button button--secondary" onClick={() => setCreating(true)}>
              <Icon name="add" /> New workspace
            </button>
          </>
        }
      />
      {renaming && manage && <RenameWorkspaceForm workspace={workspace} onDone={() => setRenaming(false)} />}
      {creating && <NewWorkspaceForm onCancel={() => setCreating(false)} />}
      <MyInvitations />
      <MembersTable
        workspace={workspace}
        userId={Number(user.user_id)}
        below={
          manage && (data.email_verified ? <InvitationsSection workspaceId={workspace.id} /> : <VerifyNote />)
        }
      />
    </div>
  );
}
