// Printable reports: the cabinet stores the report data and opens this page in a new tab; a share link
// (?token=…&id=…) loads the data itself.
import { useEffect } from 'react';
import { ReportView, type TraceLookup } from '../print/ReportView.tsx';
import { ShareMessage } from './ShareMessage.tsx';
import { useReport, useTraces } from './useReport.ts';

export function ReportPage({ kind }: { kind: 'injection' | 'sequence' }) {
  const title = kind === 'injection' ? 'Injection report' : 'Sequence report';
  const state = useReport(kind);
  const report = state.status === 'ready' ? state.report : null;
  const traces = useTraces(report, state.status === 'ready' ? state.bearer : null);
  useEffect(() => {
    document.title = report ? `${title} · ${report.sample ?? ''} — Eluent` : `${title} — Eluent`;
  }, [report, title]);

  if (state.status === 'loading') return null;
  if (state.status === 'ready') {
    const traceOf: TraceLookup = (injection) => {
      if (injection.trace) return injection.trace;
      if (injection.measurementId === null) return null;
      return traces.has(injection.measurementId) ? (traces.get(injection.measurementId) ?? null) : 'loading';
    };
    return <ReportView report={state.report} traceOf={traceOf} />;
  }
  return (
    <div className="report">
      <h1>{title}</h1>
      {state.status === 'error' ? (
        <ShareMessage icon="error_outline">{state.message}</ShareMessage>
      ) : (
        <ShareMessage icon="description">
          No report data is stored in this browser. Open the report from the sequence or injection in Eluent.
        </ShareMessage>
      )}
    </div>
  );
}
