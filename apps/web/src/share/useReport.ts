// The report to print: from the server's report data read with the share link's visitor token when the link
// carries one, else from the report data the cabinet stored; then the chromatograms the data did not carry,
// read by measurement id.
import { useEffect, useState } from 'react';
import { session, storage } from '../api/client.ts';
import { reportFromServer, type ReportModel, type ReportTrace } from '../print/reportModel.ts';
import { traceOf } from '../print/reportParts.ts';
import { readReportData, type ReportKind } from '../print/reportStorage.ts';
import { readShareLink } from './shareLink.ts';
import { fetchReport, fetchSignal, shareErrorText, visitorToken } from './visitor.ts';

export type ReportState =
  | { status: 'loading' }
  | { status: 'empty' }
  | { status: 'error'; message: string }
  | { status: 'ready'; report: ReportModel; bearer: string | null };

async function loadReport(kind: ReportKind): Promise<ReportState> {
  const link = readShareLink();
  if (link.token && link.id !== null) {
    const objectId = kind === 'injection' ? (link.injection ?? link.id) : link.id;
    const bearer = await visitorToken(link.token, link.id);
    // The same report data the owner prints (instrument, column, calibration included), read as a visitor.
    const data = await fetchReport(kind, objectId, bearer);
    return data ? { status: 'ready', report: reportFromServer(data), bearer } : { status: 'empty' };
  }
  const userId = session.current()?.payload.user_id ?? null;
  const stored = readReportData(storage, userId, kind);
  if (!stored) return { status: 'empty' };
  return { status: 'ready', report: reportFromServer(stored), bearer: await session.getAccessToken() };
}

export function useReport(kind: ReportKind): ReportState {
  const [state, setState] = useState<ReportState>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    loadReport(kind)
      .then((next) => current && setState(next))
      .catch((error: unknown) => {
        if (!current) return;
        setState({
          status: 'error',
          message: shareErrorText(error),
        });
      });
    return () => {
      current = false;
    };
  }, [kind]);
  return state;
}

/** Signals by measurement id: loaded once each; null when the server does not give one. */
export function useTraces(report: ReportModel | null, bearer: string | null) {
  const [traces, setTraces] = useState<Map<number, ReportTrace | null>>(new Map());
  useEffect(() => {
    if (!report) return;
    let current = true;
    const wanted = report.injections.filter(
      (injection) => !injection.trace && injection.measurementId !== null,
    );
    for (const injection of wanted) {
      const id = injection.measurementId!;
      fetchSignal(id, bearer)
        .catch(() => null)
        .then((data) => {
          if (!current) return;
          const trace = data ? traceOf(data) : null;
          setTraces((previous) => new Map(previous).set(id, trace));
        })
        .catch(() => undefined);
    }
    return () => {
      current = false;
    };
  }, [report, bearer]);
  return traces;
}
