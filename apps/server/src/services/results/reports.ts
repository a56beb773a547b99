// Report data: everything a printed sequence or injection report shows, assembled in one answer
// (instrument, method, template, sample, peak table with amounts, calibration, system suitability, audit).
import { auditOf, writeAudit } from '../../repositories/audit.ts';
import { issueReport, sequenceNumbers } from '../../repositories/records.ts';
import { describeAuditRows } from '../audit/describe.ts';
import { requireRole, type Actor } from '../workspaces/actor.ts';
import { createInjectionReport } from './injection-report.ts';
import { forAudience, instrumentOf, reviewFor, type Audience } from './result-views.ts';
import { createSequenceResults, type ReportsDependencies } from './sequence-results.ts';

export { calibrationView, resultView } from './result-views.ts';
export type { ReportsDependencies } from './sequence-results.ts';

export function createReportsService(deps: ReportsDependencies) {
  const { db, sequences, samples, review } = deps;

  const sequenceResults = createSequenceResults(deps);
  const injectionReport = createInjectionReport(deps);

  const reports = {
    sequenceResults,

    async sequenceReport(workspaceId: number, sequenceId: number, audience: Audience = { visitor: false }) {
      const { sequence, injections, calibrations, replicates, suitability } = await sequenceResults(
        workspaceId,
        sequenceId,
      );
      const method =
        sequence.method_id === null
          ? null
          : ((await samples.method(workspaceId, sequence.method_id, undefined, sequence.method_version)) ??
            null);
      // The versions the sequence pinned, as it ran and was signed (migration 0029).
      const template = sequence.template_uuid
        ? ((await sequences.template(
            workspaceId,
            sequence.template_uuid,
            undefined,
            sequence.template_version,
          )) ?? null)
        : null;
      const drafts = await sequences.drafts([sequenceId]);
      // The sequence's trail (its rows, injections, calibrations and reprocessing point to it) and the
      // trails of its measurements (imports, processing, manual integration), readable.
      const audit = await describeAuditRows(
        db,
        sequence.owner_id,
        await auditOf(db, [
          { entity: 'sequences', ids: [sequenceId] },
          { entity: 'drafts', ids: drafts.map((d) => d.id) },
          {
            entity: 'measurements',
            ids: injections.flatMap((i) => (i.measurement_id ? [i.measurement_id] : [])),
          },
        ]),
      );
      return {
        kind: 'sequence' as const,
        generated_at: new Date().toISOString(),
        sequence: { ...sequence, owner_id: undefined, workspace_id: undefined, started_by: undefined },
        sequence_number: (await sequenceNumbers(db, [sequenceId])).get(sequenceId) ?? null,
        instrument: await instrumentOf(samples, workspaceId, sequence.device_id),
        method,
        template,
        drafts,
        injections,
        calibrations,
        replicates,
        suitability,
        review: reviewFor(await review(workspaceId, 'sequence', sequenceId), audience),
        audit: forAudience(audit, audience),
        audit_checkpoint: await deps.checkpoint(),
      };
    },

    injectionReport,
  };

  return {
    ...reports,

    /**
     * Issues a report (POST /api/reports/{kind}/{id}/): its data with the workspace's next report number,
     * recorded and audited in one transaction, so the register of reports has no gaps.
     */
    async issue(actor: Actor, kind: 'sequence' | 'injection', id: number) {
      requireRole(actor, 'reports.issue');
      const data =
        kind === 'sequence'
          ? await reports.sequenceReport(actor.workspaceId, id)
          : await reports.injectionReport(actor.workspaceId, id);
      const parent =
        data.kind === 'sequence'
          ? { entity: 'sequences', id }
          : { entity: 'measurements', id: data.measurement.id };
      const issued = await db.transaction().execute(async (trx) => {
        const row = await issueReport(trx, {
          workspaceId: actor.workspaceId,
          kind,
          subjectId: id,
          issuedBy: actor.userId,
        });
        await writeAudit(trx, {
          userId: actor.userId,
          workspaceId: actor.workspaceId,
          entity: 'reports',
          entityId: row.id,
          label: `Report ${row.number}`,
          parent,
          action: 'issue',
          newValues: { number: row.number, kind, subject_id: id },
        });
        return row;
      });
      return {
        ...data,
        record: { report_number: issued.number, issued_at: new Date(issued.issued_at).toISOString() },
      };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
