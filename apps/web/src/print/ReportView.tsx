// A printable report: header, for a sequence the summary of every sample and component (amounts,
// replicates, system-suitability verdicts), then one page per injection (chromatogram, peaks, amounts,
// suitability), then calibration and the audit summary. Printed pages carry "Page x of y", the operator and,
// on an injection's page, its injection volume (page margin boxes, reportPages.ts).
import { formatDateTime } from '../lib/time.ts';
import { ChromatogramSvg } from './ChromatogramSvg.tsx';
import { PeakTable } from './PeakTable.tsx';
import { CalibrationCurveSvg } from './CalibrationCurveSvg.tsx';
import type { ReportInjection, ReportModel, ReportTrace } from './reportModel.ts';
import {
  AmountsTable,
  AuditTable,
  CalibrationTable,
  SignaturesTable,
  SuitabilityTable,
} from './ReportSections.tsx';
import { SummarySection } from './ReportSummary.tsx';
import { TableScroll } from './TableScroll.tsx';
import { injectionPageName, pageRules } from './reportPages.ts';
import './report.css';

export type TraceLookup = (injection: ReportInjection) => ReportTrace | 'loading' | null;

function RunningHeader({ report }: { report: ReportModel }) {
  return (
    <div className="report__running" aria-hidden="true">
      <span>Eluent · {report.title}</span>
      <span>
        {report.sample ?? ''} · {formatDateTime(report.date)}
      </span>
    </div>
  );
}

function Facts({ report }: { report: ReportModel }) {
  const rows: [string, string | null][] = [
    ['Instrument', report.instrument],
    ['Column', report.column],
    ['Method', report.method],
    ['Template', report.template],
    ['Operator', report.operator],
    [report.kind === 'sequence' ? 'Sequence' : 'Sample', report.sample],
    ['Date', formatDateTime(report.date)],
    ['Printed', formatDateTime(report.generatedAt)],
    ['Report No.', report.reportNumber === null ? null : `R-${report.reportNumber}`],
    ['Sequence No.', report.sequenceNumber === null ? null : `S-${report.sequenceNumber}`],
    [
      'Audit checkpoint',
      report.auditCheckpoint && `#${report.auditCheckpoint.chainSeq} · ${report.auditCheckpoint.headHash}`,
    ],
  ];
  return (
    <dl className="report__facts">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

function InjectionSection({
  report,
  injection,
  trace,
}: {
  report: ReportModel;
  injection: ReportInjection;
  trace: ReportTrace | 'loading' | null;
}) {
  return (
    <section
      className="report__injection"
      aria-label={`Injection #${injection.injectionId}`}
      // A named page carries the injection's own volume in the margin, and starts a new sheet. A report of one
      // injection needs neither: the default page already names its volume, and the injection follows the
      // header on the first sheet.
      style={report.injections.length > 1 ? { page: injectionPageName(injection) } : undefined}
    >
      <RunningHeader report={report} />
      <h2>
        Injection #{injection.injectionId} · {injection.sampleName}
      </h2>
      <p className="report__meta">
        {injection.sampleType ?? 'sample'} · vial {injection.vial ?? '—'} · replicate{' '}
        {injection.replicate ?? '—'} · {injection.state ?? '—'}
        {injection.injectionUl !== null && ` · injection volume ${injection.injectionUl} µL`}
        {injection.weightMg !== null && ` · weight ${injection.weightMg} mg`}
        {injection.dilution !== null && ` · dilution ${injection.dilution}`}
        {injection.method && ` · ${injection.method}`}
        {injection.template && ` · template ${injection.template}`}
      </p>
      {trace && trace !== 'loading' && (
        <ChromatogramSvg
          trace={trace}
          unit={trace.unit || injection.unit}
          peaks={injection.peaks.map((peak) => ({
            number: peak.number,
            retentionTimeSec: peak.retentionTimeSec,
          }))}
          title={`Chromatogram of injection #${injection.injectionId}`}
        />
      )}
      {trace === null && <p className="report__note">Chromatogram not available.</p>}
      {injection.errors.length > 0 && (
        <p className="report__note">Processing: {injection.errors.join('; ')}</p>
      )}
      <h3>Peak table</h3>
      <TableScroll>
        <PeakTable
          peaks={injection.peaks}
          unit={injection.unit}
          reportingThresholdPercent={injection.reportingThresholdPercent}
        />
      </TableScroll>
      <h3>Amounts</h3>
      <TableScroll>
        <AmountsTable injection={injection} />
      </TableScroll>
      <h3>System suitability</h3>
      {injection.suitability.length > 0 && (
        <p className="report__meta">
          Limits: {injection.suitabilityPass ? 'Pass' : 'Fail'} · {injection.suitability.join('; ')}
        </p>
      )}
      <TableScroll>
        <SuitabilityTable injection={injection} />
      </TableScroll>
    </section>
  );
}

export function ReportView({ report, traceOf }: { report: ReportModel; traceOf: TraceLookup }) {
  return (
    <article className="report">
      <style>{pageRules(report)}</style>
      <div className="report__toolbar">
        <button type="button" className="button" onClick={() => window.print()}>
          Print
        </button>
      </div>
      <header className="report__header">
        <p className="report__product">Eluent</p>
        <h1>{report.title}</h1>
        <Facts report={report} />
        <section className="report__review" aria-label="Signatures">
          <h2>Signatures</h2>
          <TableScroll>
            <SignaturesTable signatures={report.signatures} reviewState={report.reviewState} />
          </TableScroll>
        </section>
      </header>
      {report.kind === 'sequence' && report.injections.length > 0 && <SummarySection report={report} />}
      {report.injections.length === 0 && <p className="report__note">No injections yet.</p>}
      {report.injections.map((injection) => (
        <InjectionSection
          key={injection.injectionId}
          report={report}
          injection={injection}
          trace={traceOf(injection)}
        />
      ))}
      <section className="report__closing">
        <RunningHeader report={report} />
        <h2>Calibration</h2>
        <TableScroll>
          <CalibrationTable calibrations={report.calibrations} />
        </TableScroll>
        <div className="report__curves">
          {report.calibrations.map((calibration) => (
            <CalibrationCurveSvg key={calibration.analyte} calibration={calibration} />
          ))}
        </div>
        <h2>Audit summary</h2>
        <TableScroll>
          <AuditTable audit={report.audit} />
        </TableScroll>
      </section>
    </article>
  );
}
