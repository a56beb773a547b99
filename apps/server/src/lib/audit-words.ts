// The words of the audit trail for each kind of object and each action, and the fallback that turns a
// name into words. Plain data shared by the readable REST entries (services/audit/describe.ts) and the
// labels GraphQL computes in SQL (repositories/graphql/audit-fields.ts), so both say the same.

export const entityLabels: Record<string, string> = {
  methods: 'Method',
  postprocessingTemplates: 'Processing template',
  devices: 'Instrument',
  samples: 'Sample',
  standards: 'Standard',
  sequences: 'Sequence',
  drafts: 'Sequence row',
  injections: 'Injection',
  measurements: 'Measurement',
  processing_results: 'Result',
  processing_jobs: 'Reprocessing',
  calibrations: 'Calibration',
  peaks: 'Peak',
  shareTokens: 'Share link',
  overlays: 'Saved overlay',
  workspaces: 'Workspace',
  workspace_members: 'Workspace member',
  workspace_invitations: 'Invitation',
  users: 'Account',
  signatures: 'Electronic signature',
  reports: 'Issued report',
};

export const actionLabels: Record<string, string> = {
  insert: 'Created',
  create: 'Created',
  update: 'Changed',
  delete: 'Deleted',
  order_drafts: 'Reordered rows of',
  accept_invitation: 'Joined by invitation',
  verify_email: 'Verified the e-mail address of',
  switch_workspace: 'Switched workspace of',
  order: 'Reordered',
  update_components: 'Changed the components of',
  update_retention_times: 'Set expected retention times from a standard in',
  start: 'Started',
  pause: 'Paused',
  resume: 'Resumed',
  stop: 'Stopped',
  continue: 'Continued after interruption',
  requeue: 'Re-queued interrupted row of',
  finish: 'Finished',
  error: 'Stopped on error',
  interrupt: 'Interrupted',
  fail: 'Failed',
  import: 'Imported',
  process: 'Processed',
  pick_result: 'Chose the result of',
  reprocess: 'Reprocessed',
  calibrate: 'Calibrated',
  revoke: 'Revoked',
  claim: 'Claimed',
  pair: 'Issued a new pairing code for',
  run: 'Ran an injection on',
  command: 'Sent a command to',
  remove: 'Removed',
  integration_move: 'Moved a peak limit in',
  integration_split: 'Split a peak in',
  integration_merge: 'Merged peaks in',
  integration_delete: 'Deleted a peak in',
  integration_add: 'Added a peak to',
  integration_batch: 'Changed the integration of',
  integration_baseline: 'Moved a baseline end in',
  sign_authored: 'Signed as authored',
  sign_reviewed: 'Signed as reviewed',
  sign_approved: 'Signed as approved',
  sign_rejected: 'Signed as rejected',
  invalidate: 'Invalidated',
  supersede: 'Superseded',
  new_version: 'Saved a new version of',
  rename_in_new_version: 'Renamed, in a new result version,',
  issue: 'Issued',
};

/** "flow_rate_ml_per_min" → "Flow rate ml per min": the last resort for a column without an entry. */
export function words(name: string): string {
  const spaced = name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1).toLowerCase();
}
