// Workspace invitations and e-mail verification codes: random codes stored as SHA-256, with an expiry, used
// once (like password reset codes).
import type { WorkspaceRole } from '@eluent/contracts';
import { sql, type Selectable } from 'kysely';
import type { Executor } from '../db/schema.ts';
import type { WorkspaceInvitationsTable } from '../db/workspaces-schema.ts';
import { createSingleUseCodes } from './single-use-codes.ts';

export type InvitationRow = Selectable<WorkspaceInvitationsTable>;

export interface InvitationDetails extends InvitationRow {
  workspace_name: string;
  invited_by_email: string | null;
}

const live = (now = new Date()) =>
  sql<boolean>`i.accepted_at is null and i.revoked_at is null and i.expires_at > ${now}`;

export function createInvitationsRepository(db: Executor) {
  function details(trx: Executor) {
    return trx
      .selectFrom('workspace_invitations as i')
      .innerJoin('workspaces as w', 'w.id', 'i.workspace_id')
      .leftJoin('users as u', 'u.id', 'i.invited_by')
      .selectAll('i')
      .select(['w.name as workspace_name', 'u.email as invited_by_email']);
  }

  return {
    async insert(
      trx: Executor,
      values: {
        workspaceId: number;
        email: string;
        role: WorkspaceRole;
        codeHash: string;
        invitedBy: number;
        expiresAt: Date;
      },
    ): Promise<InvitationRow> {
      return trx
        .insertInto('workspace_invitations')
        .values({
          workspace_id: values.workspaceId,
          email: values.email,
          role: values.role,
          code_hash: values.codeHash,
          invited_by: values.invitedBy,
          expires_at: values.expiresAt,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** Invitations of a workspace still waiting for an answer, newest first. */
    pending(workspaceId: number, trx: Executor = db): Promise<InvitationDetails[]> {
      return details(trx)
        .where('i.workspace_id', '=', workspaceId)
        .where(live())
        .orderBy('i.id', 'desc')
        .execute();
    },

    /** Invitations waiting for an address, in any workspace. */
    pendingFor(email: string, trx: Executor = db): Promise<InvitationDetails[]> {
      return details(trx)
        .where(sql<string>`lower(i.email)`, '=', email.toLowerCase())
        .where(live())
        .orderBy('i.id', 'desc')
        .execute();
    },

    liveByCode(codeHash: string, trx: Executor = db): Promise<InvitationDetails | undefined> {
      return details(trx).where('i.code_hash', '=', codeHash).where(live()).executeTakeFirst();
    },

    liveById(id: number, trx: Executor = db): Promise<InvitationDetails | undefined> {
      return details(trx).where('i.id', '=', id).where(live()).executeTakeFirst();
    },

    /** Marks a live invitation accepted; undefined when it was used, revoked or expired meanwhile. */
    async accept(trx: Executor, id: number, userId: number): Promise<InvitationRow | undefined> {
      return trx
        .updateTable('workspace_invitations as i')
        .set({ accepted_at: new Date(), accepted_by: userId })
        .where('i.id', '=', id)
        .where(live())
        .returningAll()
        .executeTakeFirst();
    },

    async revoke(trx: Executor, workspaceId: number, id: number): Promise<InvitationRow | undefined> {
      return trx
        .updateTable('workspace_invitations as i')
        .set({ revoked_at: new Date() })
        .where('i.id', '=', id)
        .where('i.workspace_id', '=', workspaceId)
        .where(live())
        .returningAll()
        .executeTakeFirst();
    },

    /** E-mail verification codes. */
    verifications: createSingleUseCodes(db, 'email_verifications'),
  };
}

export type InvitationsRepository = ReturnType<typeof createInvitationsRepository>;
