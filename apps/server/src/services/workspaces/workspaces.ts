// Workspaces: the user's current one (stored server-side, switchable), the list it may switch to, new
// workspaces, and members (workspace-members.ts: roles, removal; the last admin stays). Invitations live in
// invitations.ts.
import type { Workspace, Workspaces } from '@eluent/contracts';
import { AppError } from '../../errors.ts';
import { onlyFields } from '../../lib/input.ts';
import { writeAudit } from '../../repositories/audit.ts';
import { createPersonalWorkspace, type Membership } from '../../repositories/workspaces.ts';
import { requirePrivilege, type Actor } from './actor.ts';
import { createWorkspaceMembers, type WorkspaceMembersDependencies } from './workspace-members.ts';

const NAME_MAX = 120;

function viewOf(membership: Membership, currentId: number): Workspace {
  return {
    id: membership.workspace_id,
    name: membership.name,
    personal: membership.personal,
    role: membership.role,
    current: membership.workspace_id === currentId,
  };
}

function nameOf(body: Record<string, unknown>): string {
  onlyFields(body, ['name']);
  const name = typeof body.name === 'string' ? body.name.trim() : '';
  if (name.length === 0) throw AppError.validation({ name: ['This field is required.'] });
  if (name.length > NAME_MAX)
    throw AppError.validation({ name: [`Ensure this field has no more than ${NAME_MAX} characters.`] });
  return name;
}

export function createWorkspacesService(deps: WorkspaceMembersDependencies) {
  const { db, workspaces } = deps;

  /**
   * The actor of a request: the user in its current workspace. A user removed from its current workspace
   * falls back to the first it still belongs to; one that belongs to none gets a personal workspace again.
   */
  async function actorOf(userId: number): Promise<Actor> {
    const stored = await workspaces.current(userId);
    if (stored) return { userId, workspaceId: stored.workspace_id, role: stored.role };
    return db.transaction().execute(async (trx) => {
      const [first] = await workspaces.memberships(userId, trx);
      if (first) {
        await workspaces.setCurrent(userId, first.workspace_id, trx);
        return { userId, workspaceId: first.workspace_id, role: first.role };
      }
      const workspaceId = await createPersonalWorkspace(trx, userId);
      return { userId, workspaceId, role: 'admin' as const };
    });
  }

  async function list(actor: Actor): Promise<Workspace[]> {
    return (await workspaces.memberships(actor.userId)).map((row) => viewOf(row, actor.workspaceId));
  }

  /**
   * The current workspace with the actor's role, every workspace it may switch to, and whether the
   * account's address is verified (what an unverified account may do: docs/roles.md).
   */
  async function current(actor: Actor): Promise<Workspaces> {
    const all = await list(actor);
    return {
      current: all.find((workspace) => workspace.current)!,
      workspaces: all,
      email_verified: await workspaces.emailVerified(actor.userId),
    };
  }

  return {
    actorOf,
    list,
    current,

    /** Makes another of the user's workspaces current; new objects go there and reads cover it from now. */
    async switchTo(actor: Actor, workspaceId: number) {
      const member = await workspaces.membership(workspaceId, actor.userId);
      if (!member) throw AppError.domain(404, 'workspace_not_found');
      await db.transaction().execute(async (trx) => {
        await workspaces.setCurrent(actor.userId, workspaceId, trx);
        await writeAudit(trx, {
          userId: actor.userId,
          workspaceId,
          entity: 'users',
          entityId: actor.userId,
          action: 'switch_workspace',
          oldValues: { workspace_id: actor.workspaceId },
          newValues: { workspace_id: workspaceId },
        });
      });
      return current({ userId: actor.userId, workspaceId, role: member.role });
    },

    /** A new workspace (a lab) with the user as its admin, made current. */
    async create(actor: Actor, body: Record<string, unknown>) {
      const name = nameOf(body);
      const workspaceId = await db.transaction().execute(async (trx) => {
        const id = await workspaces.create(trx, { name, createdBy: actor.userId });
        await workspaces.setCurrent(actor.userId, id, trx);
        await writeAudit(trx, {
          userId: actor.userId,
          workspaceId: id,
          entity: 'workspaces',
          entityId: id,
          action: 'insert',
          newValues: { name },
        });
        return id;
      });
      return current({ userId: actor.userId, workspaceId, role: 'admin' });
    },

    async rename(actor: Actor, workspaceId: number, body: Record<string, unknown>) {
      requirePrivilege(actor, workspaceId, 'members.manage');
      const name = nameOf(body);
      await db.transaction().execute(async (trx) => {
        const old = await workspaces.find(workspaceId, trx);
        await workspaces.rename(trx, workspaceId, name);
        await writeAudit(trx, {
          userId: actor.userId,
          workspaceId,
          entity: 'workspaces',
          entityId: workspaceId,
          action: 'update',
          oldValues: { name: old?.name },
          newValues: { name },
        });
      });
      return current(actor);
    },

    ...createWorkspaceMembers(deps),
  };
}

export type WorkspacesService = ReturnType<typeof createWorkspacesService>;
