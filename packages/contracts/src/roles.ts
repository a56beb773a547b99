/**
 * Workspace roles and what each may do: the one privilege table every layer enforces (REST services,
 * GraphQL row permissions, realtime channels) and the web app reads to hide what a role cannot do.
 * docs/roles.md holds the same matrix for people; a server test (roles-doc.test.ts) keeps the two equal.
 */
export const workspaceRoles = ['analyst', 'reviewer', 'admin', 'auditor'] as const;
export type WorkspaceRole = (typeof workspaceRoles)[number];

export function isWorkspaceRole(value: unknown): value is WorkspaceRole {
  return typeof value === 'string' && (workspaceRoles as readonly string[]).includes(value);
}

const everyone: readonly WorkspaceRole[] = workspaceRoles;
const lab: readonly WorkspaceRole[] = ['analyst', 'admin'];
const reviewers: readonly WorkspaceRole[] = ['reviewer', 'admin'];
const admins: readonly WorkspaceRole[] = ['admin'];

/**
 * Privilege → roles holding it. Kinds: instruments, methods, templates, samples (samples, standards,
 * blanks), sequences (with their table of drafts), measurements (with injections), results (processing
 * results, peaks, calibrations, reprocessing jobs), overlays (saved overlays), shareLinks, audit, members
 * (the workspace itself).
 */
export const privileges = {
  'instruments.read': everyone,
  'instruments.claim': admins,
  'instruments.update': lab,
  'instruments.command': lab,
  'methods.read': everyone,
  'methods.create': lab,
  'methods.update': lab,
  'methods.delete': lab,
  'templates.read': everyone,
  'templates.create': lab,
  'templates.update': lab,
  'templates.delete': lab,
  'samples.read': everyone,
  'samples.create': lab,
  'samples.update': lab,
  'samples.delete': lab,
  'sequences.read': everyone,
  'sequences.create': lab,
  'sequences.update': lab,
  'sequences.delete': lab,
  'sequences.run': lab,
  'measurements.read': everyone,
  'measurements.import': lab,
  'measurements.update': lab,
  'results.read': everyone,
  'results.process': lab,
  'results.review': reviewers,
  'results.approve': reviewers,
  'overlays.read': everyone,
  'overlays.create': lab,
  'overlays.update': lab,
  'overlays.delete': lab,
  'shareLinks.read': everyone,
  'shareLinks.create': lab,
  'shareLinks.revoke': lab,
  'audit.read': everyone,
  /** Issuing a numbered report writes a record; reviewers and auditors read the same report unnumbered. */
  'reports.issue': lab,
  'members.read': everyone,
  'members.manage': admins,
} as const satisfies Record<string, readonly WorkspaceRole[]>;

export type Privilege = keyof typeof privileges;

/** Whether `role` holds `privilege`. @example allows('auditor', 'samples.update') // false */
export function allows(role: WorkspaceRole, privilege: Privilege): boolean {
  return privileges[privilege].includes(role);
}

/** The roles holding a privilege. */
export function rolesWith(privilege: Privilege): readonly WorkspaceRole[] {
  return privileges[privilege];
}

/** What the web app shows for each role. */
export const roleLabels: Record<WorkspaceRole, string> = {
  analyst: 'Analyst',
  reviewer: 'Reviewer',
  admin: 'Administrator',
  auditor: 'Auditor (read-only)',
};
