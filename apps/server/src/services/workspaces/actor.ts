// Who acts, where, in which role: resolved from the signed-in user on every request (the role is read
// fresh, so a role change or removal takes effect on the next request). Every service check goes through
// requirePrivilege against the one privilege table (@eluent/contracts roles.ts, docs/roles.md).
import { allows, type Privilege, type WorkspaceRole } from '@eluent/contracts';
import { AppError } from '../../errors.ts';

export interface Actor {
  userId: number;
  /** The user's current workspace: new objects go there, reads cover it. */
  workspaceId: number;
  /** The user's role in that workspace. */
  role: WorkspaceRole;
}

/**
 * Refuses unless the actor may use `privilege` on an object of `workspaceId`: an object outside the
 * actor's current workspace is not found (404), a privilege the role lacks is forbidden (403).
 * @example requirePrivilege(actor, result.workspace_id, 'results.approve')
 */
export function requirePrivilege(actor: Actor, workspaceId: number | null, privilege: Privilege): void {
  if (workspaceId !== actor.workspaceId) throw AppError.domain(404, 'not_found');
  requireRole(actor, privilege);
}

/** Refuses (403) unless the actor's role holds `privilege` in its current workspace. */
export function requireRole(actor: Actor, privilege: Privilege): void {
  if (!allows(actor.role, privilege)) throw AppError.domain(403, 'forbidden');
}

/** Whether the actor's role holds `privilege`. */
export function may(actor: Actor, privilege: Privilege): boolean {
  return allows(actor.role, privilege);
}
