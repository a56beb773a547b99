// A workspace's members: the list, a member's role, and removal (an administrator removes anyone, anyone
// leaves); the workspace keeps at least one admin.
import { isWorkspaceRole, type WorkspaceMember, type WorkspaceRole } from '@eluent/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { onlyFields } from '../../lib/input.ts';
import { writeAudit } from '../../repositories/audit.ts';
import type { MemberRow, WorkspacesRepository } from '../../repositories/workspaces.ts';
import { requirePrivilege, type Actor } from './actor.ts';

export interface WorkspaceMembersDependencies {
  db: Kysely<Database>;
  workspaces: WorkspacesRepository;
  /** Ends every session of a user (tokens on every transport, open realtime connections). */
  endSessions: (userId: number) => Promise<void>;
}

const memberView = (row: MemberRow): WorkspaceMember => ({
  ...row,
  created_at: row.created_at.toISOString(),
});

/**
 * The member under the lock of the workspace's members, refused when the change would leave the workspace
 * without an admin: `role` is the member's new role, null when the member leaves.
 */
async function lockedMember(
  trx: Transaction<Database>,
  workspaces: WorkspacesRepository,
  change: { workspaceId: number; userId: number; role: WorkspaceRole | null },
) {
  const members = await workspaces.lockMembers(trx, change.workspaceId);
  const member = members.find((row) => row.user_id === change.userId);
  if (!member) throw AppError.domain(404, 'workspace_member_not_found');
  const admins = members.filter((row) => row.role === 'admin').length;
  if (member.role === 'admin' && change.role !== 'admin' && admins <= 1)
    throw AppError.domain(409, 'workspace_last_admin');
  return member;
}

export function createWorkspaceMembers({ db, workspaces, endSessions }: WorkspaceMembersDependencies) {
  async function memberIdOf(actor: Actor, workspaceId: number, userId: number) {
    requirePrivilege(actor, workspaceId, 'members.manage');
    const member = await workspaces.membership(workspaceId, userId);
    if (!member) throw AppError.domain(404, 'workspace_member_not_found');
    return member;
  }

  return {
    async members(actor: Actor, workspaceId: number) {
      requirePrivilege(actor, workspaceId, 'members.read');
      return (await workspaces.members(workspaceId)).map(memberView);
    },

    /** Changes a member's role; the workspace keeps at least one admin. */
    async setRole(actor: Actor, workspaceId: number, userId: number, body: Record<string, unknown>) {
      onlyFields(body, ['role']);
      await memberIdOf(actor, workspaceId, userId);
      const role = body.role;
      if (!isWorkspaceRole(role)) throw AppError.domain(400, 'workspace_role_invalid');
      await db.transaction().execute(async (trx) => {
        const member = await lockedMember(trx, workspaces, { workspaceId, userId, role });
        await workspaces.setRole(trx, workspaceId, userId, role);
        await writeAudit(trx, {
          userId: actor.userId,
          workspaceId,
          entity: 'workspace_members',
          entityId: userId,
          action: 'update',
          oldValues: { role: member.role },
          newValues: { role },
        });
      });
      return (await workspaces.members(workspaceId)).map(memberView);
    },

    /** Removes a member (an admin anyone, anyone themselves); the last admin cannot leave. */
    async removeMember(actor: Actor, workspaceId: number, userId: number) {
      if (userId !== actor.userId) await memberIdOf(actor, workspaceId, userId);
      else if (workspaceId !== actor.workspaceId) throw AppError.domain(404, 'workspace_not_found');
      await db.transaction().execute(async (trx) => {
        const member = await lockedMember(trx, workspaces, { workspaceId, userId, role: null });
        await workspaces.removeMember(trx, workspaceId, userId);
        await writeAudit(trx, {
          userId: actor.userId,
          workspaceId,
          entity: 'workspace_members',
          entityId: userId,
          action: 'delete',
          oldValues: { role: member.role },
        });
      });
      // A member removed by an administrator is signed out everywhere at once (docs/security.md); one who
      // leaves keeps working in its other workspaces.
      if (userId !== actor.userId) await endSessions(userId);
    },
  };
}
