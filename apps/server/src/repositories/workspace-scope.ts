// The workspace a signed-in user reads and writes, in SQL: its current workspace, while it is a member
// there in one of the roles a privilege needs (docs/roles.md). Read fresh by every statement, so a switch,
// a role change or a removal holds from the next statement on — no cached grant outlives it.
import { rolesWith, type Privilege } from '@eluent/contracts';
import { sql, type RawBuilder } from 'kysely';

/**
 * A subquery of at most one workspace id: the user's current workspace when its role there holds
 * `privilege`; empty otherwise. @example sql`t.workspace_id in ${workspaceWhere(7, 'samples.update')}`
 */
export function workspaceWhere(userId: number, privilege: Privilege): RawBuilder<unknown> {
  const roles = rolesWith(privilege);
  if (roles.length === 0) return sql`(select null::integer where false)`;
  return sql`(select _m.workspace_id from users _u join workspace_members _m on _m.user_id = _u.id and _m.workspace_id = _u.current_workspace_id where _u.id = ${userId} and _m.role in (${sql.join(roles)}))`;
}
