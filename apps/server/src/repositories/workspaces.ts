// Workspaces, their members and the user's current workspace (docs/roles.md).
import type { WorkspaceRole } from '@eluent/contracts';
import { sql, type Selectable } from 'kysely';
import type { Executor } from '../db/schema.ts';
import type { WorkspacesTable } from '../db/workspaces-schema.ts';

export type WorkspaceRow = Selectable<WorkspacesTable>;

export interface Membership {
  workspace_id: number;
  name: string;
  personal: boolean;
  role: WorkspaceRole;
}

export interface MemberRow {
  user_id: number;
  email: string;
  role: WorkspaceRole;
  email_verified: boolean;
  created_at: Date;
}

/** Creates a user's personal workspace, makes the user its admin and selects it. */
export async function createPersonalWorkspace(trx: Executor, userId: number): Promise<number> {
  const workspace = await trx
    .insertInto('workspaces')
    .values({ name: 'Personal', personal: true, created_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('workspace_members')
    .values({ workspace_id: workspace.id, user_id: userId, role: 'admin' })
    .execute();
  await trx
    .updateTable('users')
    .set({ current_workspace_id: workspace.id })
    .where('id', '=', userId)
    .execute();
  return workspace.id;
}

export function createWorkspacesRepository(db: Executor) {
  return {
    /** The user's current workspace and role there; undefined when it is not (or no longer) a member. */
    async current(userId: number, trx: Executor = db): Promise<Membership | undefined> {
      return trx
        .selectFrom('users as u')
        .innerJoin('workspace_members as m', (join) =>
          join.onRef('m.workspace_id', '=', 'u.current_workspace_id').onRef('m.user_id', '=', 'u.id'),
        )
        .innerJoin('workspaces as w', 'w.id', 'm.workspace_id')
        .select(['m.workspace_id', 'w.name', 'w.personal', 'm.role'])
        .where('u.id', '=', userId)
        .executeTakeFirst();
    },

    /** Every workspace the user belongs to: personal first, then by name. */
    async memberships(userId: number, trx: Executor = db): Promise<Membership[]> {
      return trx
        .selectFrom('workspace_members as m')
        .innerJoin('workspaces as w', 'w.id', 'm.workspace_id')
        .select(['m.workspace_id', 'w.name', 'w.personal', 'm.role'])
        .where('m.user_id', '=', userId)
        .orderBy('w.personal', 'desc')
        .orderBy('w.name')
        .orderBy('w.id')
        .execute();
    },

    async membership(workspaceId: number, userId: number, trx: Executor = db) {
      return trx
        .selectFrom('workspace_members')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    async emailVerified(userId: number, trx: Executor = db): Promise<boolean> {
      const row = await trx
        .selectFrom('users')
        .select('email_verified_at')
        .where('id', '=', userId)
        .executeTakeFirst();
      return Boolean(row?.email_verified_at);
    },

    async setCurrent(userId: number, workspaceId: number, trx: Executor = db): Promise<void> {
      await trx
        .updateTable('users')
        .set({ current_workspace_id: workspaceId })
        .where('id', '=', userId)
        .execute();
    },

    async create(trx: Executor, values: { name: string; createdBy: number }): Promise<number> {
      const row = await trx
        .insertInto('workspaces')
        .values({ name: values.name, personal: false, created_by: values.createdBy })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('workspace_members')
        .values({ workspace_id: row.id, user_id: values.createdBy, role: 'admin' })
        .execute();
      return row.id;
    },

    async rename(trx: Executor, workspaceId: number, name: string): Promise<void> {
      await trx.updateTable('workspaces').set({ name }).where('id', '=', workspaceId).execute();
    },

    find(workspaceId: number, trx: Executor = db): Promise<WorkspaceRow | undefined> {
      return trx.selectFrom('workspaces').selectAll().where('id', '=', workspaceId).executeTakeFirst();
    },

    async members(workspaceId: number, trx: Executor = db): Promise<MemberRow[]> {
      return trx
        .selectFrom('workspace_members as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select([
          'm.user_id',
          'u.email',
          'm.role',
          sql<boolean>`u.email_verified_at is not null`.as('email_verified'),
          'm.created_at',
        ])
        .where('m.workspace_id', '=', workspaceId)
        .orderBy('m.created_at')
        .orderBy('m.user_id')
        .execute();
    },

    /** Locks the workspace's membership rows (role changes and removals count admins under this lock). */
    async lockMembers(trx: Executor, workspaceId: number) {
      return trx
        .selectFrom('workspace_members')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .forUpdate()
        .execute();
    },

    /** Adds a member, or changes the role of one already there. */
    async addMember(trx: Executor, workspaceId: number, userId: number, role: WorkspaceRole): Promise<void> {
      await trx
        .insertInto('workspace_members')
        .values({ workspace_id: workspaceId, user_id: userId, role })
        .onConflict((conflict) => conflict.columns(['workspace_id', 'user_id']).doUpdateSet({ role }))
        .execute();
    },

    async setRole(trx: Executor, workspaceId: number, userId: number, role: WorkspaceRole): Promise<void> {
      await trx
        .updateTable('workspace_members')
        .set({ role })
        .where('workspace_id', '=', workspaceId)
        .where('user_id', '=', userId)
        .execute();
    },

    /** Removes a member; a user whose current workspace it was falls back to another on its next request. */
    async removeMember(trx: Executor, workspaceId: number, userId: number): Promise<void> {
      await trx
        .deleteFrom('workspace_members')
        .where('workspace_id', '=', workspaceId)
        .where('user_id', '=', userId)
        .execute();
      await trx
        .updateTable('users')
        .set({ current_workspace_id: null })
        .where('id', '=', userId)
        .where('current_workspace_id', '=', workspaceId)
        .execute();
    },
  };
}

export type WorkspacesRepository = ReturnType<typeof createWorkspacesRepository>;
