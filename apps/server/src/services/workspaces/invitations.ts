// Invitations by e-mail and verification of a user's address (docs/roles.md "Invitations" and "E-mail
// verification", email-verification.ts). Codes are random 256-bit values stored as SHA-256, expire, and are
// used once.
//
// An unverified account signs in and works in its personal workspace as before; it cannot invite anyone,
// and joins another workspace only through the invitation link mailed to its address — following that link
// proves the address as a verification link does. A verified account may also accept, without the link,
// the invitations waiting for its address.
import {
  formMessages,
  isEmail,
  isWorkspaceRole,
  roleLabels,
  type WorkspaceInvitation,
} from '@eluent/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { onlyFields } from '../../lib/input.ts';
import { newSecretCode, sha256 } from '../../lib/codes.ts';
import { writeAudit } from '../../repositories/audit.ts';
import type { InvitationDetails, InvitationsRepository } from '../../repositories/invitations.ts';
import type { UsersRepository } from '../../repositories/users.ts';
import type { WorkspacesRepository } from '../../repositories/workspaces.ts';
import type { Mailer } from '../mail.ts';
import { requirePrivilege, type Actor } from './actor.ts';
import { codeOf, createEmailVerification } from './email-verification.ts';

const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export type InvitationView = WorkspaceInvitation;

function view(row: InvitationDetails): InvitationView {
  return {
    id: row.id,
    workspace_id: row.workspace_id,
    workspace_name: row.workspace_name,
    email: row.email,
    role: row.role,
    invited_by: row.invited_by_email,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
  };
}

interface InvitationsDependencies {
  db: Kysely<Database>;
  invitations: InvitationsRepository;
  workspaces: WorkspacesRepository;
  users: UsersRepository;
  mailer: Mailer;
}

/** Makes the user a member in the invited role and the workspace its current one. */
async function join(
  { db, invitations, workspaces, users }: InvitationsDependencies,
  invitation: InvitationDetails,
  userId: number,
  verifiesEmail: boolean,
) {
  await db.transaction().execute(async (trx) => {
    const accepted = await invitations.accept(trx, invitation.id, userId);
    if (!accepted) throw AppError.domain(400, 'invitation_invalid');
    const existing = await workspaces.membership(invitation.workspace_id, userId, trx);
    // An invitation never lowers the role of someone already a member.
    if (!existing) await workspaces.addMember(trx, invitation.workspace_id, userId, invitation.role);
    await workspaces.setCurrent(userId, invitation.workspace_id, trx);
    if (verifiesEmail) await users.markEmailVerified(userId, trx);
    await writeAudit(trx, {
      userId,
      workspaceId: invitation.workspace_id,
      entity: 'workspace_members',
      entityId: userId,
      action: 'accept_invitation',
      newValues: { role: existing?.role ?? invitation.role, invitation_id: invitation.id },
    });
  });
}

export function createInvitationsService(deps: InvitationsDependencies) {
  const { db, invitations, workspaces, users, mailer } = deps;

  async function verifiedUser(userId: number) {
    const user = await users.findById(userId);
    if (!user) throw AppError.domain(404, 'not_found');
    if (!user.email_verified_at) throw AppError.domain(403, 'email_not_verified');
    return user;
  }

  return {
    /** An admin invites an address with a role; the mail carries the link to accept. */
    async invite(actor: Actor, workspaceId: number, body: Record<string, unknown>, origin: string) {
      onlyFields(body, ['email', 'role']);
      requirePrivilege(actor, workspaceId, 'members.manage');
      const inviter = await verifiedUser(actor.userId);
      const email = typeof body.email === 'string' ? body.email.trim() : '';
      if (!isEmail(email)) throw AppError.validation({ email: [formMessages.email] });
      if (!isWorkspaceRole(body.role)) throw AppError.domain(400, 'workspace_role_invalid');
      const role = body.role;
      const members = await workspaces.members(workspaceId);
      if (members.some((member) => member.email.toLowerCase() === email.toLowerCase()))
        throw AppError.domain(409, 'invitation_already_member');
      const workspace = await workspaces.find(workspaceId);
      const code = newSecretCode();
      const expiresAt = new Date(Date.now() + INVITATION_LIFETIME_MS);
      const row = await db.transaction().execute(async (trx) => {
        const inserted = await invitations.insert(trx, {
          workspaceId,
          email,
          role,
          codeHash: sha256(code),
          invitedBy: actor.userId,
          expiresAt,
        });
        await writeAudit(trx, {
          userId: actor.userId,
          workspaceId,
          entity: 'workspace_invitations',
          entityId: inserted.id,
          action: 'insert',
          newValues: { email, role },
        });
        return inserted;
      });
      const link = `${origin}/app/invitation/?code=${encodeURIComponent(code)}`;
      await mailer.send({
        to: email,
        subject: `You are invited to ${workspace?.name ?? 'a workspace'} on Eluent`,
        text: `${inviter.email} invited you to the workspace "${workspace?.name ?? ''}" on Eluent as ${roleLabels[role]}.\n\nOpen this link within seven days to accept (sign up or sign in with ${email}):\n${link}\n\nIf you did not expect this, ignore this message.\n`,
      });
      return {
        ...view({ ...row, workspace_name: workspace?.name ?? '', invited_by_email: inviter.email }),
      };
    },

    async pending(actor: Actor, workspaceId: number): Promise<InvitationView[]> {
      requirePrivilege(actor, workspaceId, 'members.manage');
      return (await invitations.pending(workspaceId)).map(view);
    },

    async revoke(actor: Actor, workspaceId: number, invitationId: number): Promise<void> {
      requirePrivilege(actor, workspaceId, 'members.manage');
      await db.transaction().execute(async (trx) => {
        const revoked = await invitations.revoke(trx, workspaceId, invitationId);
        if (!revoked) throw AppError.domain(404, 'invitation_not_found');
        await writeAudit(trx, {
          userId: actor.userId,
          workspaceId,
          entity: 'workspace_invitations',
          entityId: invitationId,
          action: 'revoke',
          oldValues: { email: revoked.email, role: revoked.role },
        });
      });
    },

    /** What an invitation link opens, before signing in: the workspace, the role, the address. */
    async check(code: unknown): Promise<InvitationView> {
      const row = await invitations.liveByCode(sha256(codeOf(code, 'invitation_invalid')));
      if (!row) throw AppError.domain(400, 'invitation_invalid');
      return view(row);
    },

    /** Accepts the invitation of a mailed link; the signed-in account must have the invited address. */
    async acceptCode(userId: number, body: Record<string, unknown>) {
      onlyFields(body, ['code']);
      const row = await invitations.liveByCode(sha256(codeOf(body.code, 'invitation_invalid')));
      if (!row) throw AppError.domain(400, 'invitation_invalid');
      const user = await users.findById(userId);
      if (!user || user.email.toLowerCase() !== row.email.toLowerCase())
        throw AppError.domain(403, 'invitation_email_mismatch');
      // The code reached this address: that proves it as a verification link would.
      await join(deps, row, userId, true);
      return { workspace_id: row.workspace_id, role: row.role };
    },

    /** Invitations waiting for the signed-in user's address (shown once the address is verified). */
    async mine(userId: number): Promise<InvitationView[]> {
      const user = await users.findById(userId);
      if (!user?.email_verified_at) return [];
      return (await invitations.pendingFor(user.email)).map(view);
    },

    /** Accepts one of `mine` without the link: only with a verified address. */
    async acceptMine(userId: number, invitationId: number) {
      const user = await verifiedUser(userId);
      const row = await invitations.liveById(invitationId);
      if (!row || row.email.toLowerCase() !== user.email.toLowerCase())
        throw AppError.domain(404, 'invitation_not_found');
      await join(deps, row, userId, false);
      return { workspace_id: row.workspace_id, role: row.role };
    },

    ...createEmailVerification(deps),
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
