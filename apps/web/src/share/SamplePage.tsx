// A shared sample (optionally with one injection selected), read-only: injections, chromatogram, peaks.
import { Link } from 'react-router-dom';
import { formatDateTime } from '../lib/time.ts';
import { ChromatogramSvg } from '../print/ChromatogramSvg.tsx';
import { PeakTable } from '../print/PeakTable.tsx';
import { NotFound } from './NotFound.tsx';
import { ShareMessage } from './ShareMessage.tsx';
import { readShareLink } from './shareLink.ts';
import type { SharedInjection } from './sharedSample.ts';
import { useSharedSample } from './useSharedSample.ts';
import { useTrace } from './useTrace.ts';

export function SamplePage({ sampleId, injectionId }: { sampleId: number; injectionId?: number }) {
  const { token } = readShareLink();
  if (!token) {
    return (
      <ShareMessage icon="key_off" title="Incomplete link">
        This link has no share token. Open the complete link you received.
      </ShareMessage>
    );
  }
  return <SharedSampleView shareToken={token} sampleId={sampleId} injectionId={injectionId} />;
}

function SharedSampleView({
  shareToken,
  sampleId,
  injectionId,
}: {
  shareToken: string;
  sampleId: number;
  injectionId?: number;
}) {
  const { state, reload } = useSharedSample(shareToken, sampleId);
  if (state.status === 'loading') return null;
  if (state.status === 'not-found') return <NotFound />;
  if (state.status === 'error') {
    return (
      <ShareMessage icon="error_outline" title="Cannot open this link">
        {state.message}
      </ShareMessage>
    );
  }
  const { sample, token } = state;
  const selected =
    injectionId === undefined
      ? sample.injections.at(-1)
      : sample.injections.find((injection) => injection.id === injectionId);
  if (injectionId !== undefined && !selected) return <NotFound />;
  return (
    <div className="share__content">
      <h1>
        {sample.name} <span className="share__id">#{sample.id}</span>
      </h1>
      <p className="share__sub">
        {sample.type === 'standard' ? 'Standard' : 'Sample'}
        {sample.column && ` · column ${sample.column}`} · created {formatDateTime(sample.createdAt)}
        {sample.description && ` · ${sample.description}`}
      </p>
      <div className="share__layout">
        <nav className="share__injections card" aria-label="Injections">
          <h2>Injections</h2>
          {sample.injections.length === 0 && <p className="share__sub">No injections yet.</p>}
          <ul>
            {sample.injections.map((injection) => (
              <li key={injection.id}>
                <Link
                  to={`/samples/${sample.id}/injection/${injection.id}/`}
                  aria-current={injection.id === selected?.id ? 'page' : undefined}
                >
                  Injection #{injection.id}
                  <span className="share__sub">
                    {' '}
                    · {injection.state} · {formatDateTime(injection.startedAt)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {selected && <InjectionView injection={selected} bearer={token} onFinished={reload} />}
      </div>
    </div>
  );
}

function InjectionView({
  injection,
  bearer,
  onFinished,
}: {
  injection: SharedInjection;
  bearer: string;
  onFinished: () => void;
}) {
  const live = injection.state === 'running' || injection.measurementState === 'recording';
  // A finished run is processed after it ends (in a worker): the view waits for its result's announcement.
  const awaitingResult = !live && injection.state === 'finished' && !injection.processed;
  const trace = useTrace(injection.measurementId, bearer, live, onFinished, awaitingResult);
  return (
    <section className="share__injection card" aria-label={`Injection #${injection.id}`}>
      <h2>
        Injection <span className="share__id">#{injection.id}</span>
        {live && <span className="share__live">live</span>}
      </h2>
      <p className="share__sub">
        {injection.method ?? 'Method —'} · vial {injection.vial ?? '—'} · replicate{' '}
        {injection.replicate ?? '—'}
        {injection.template && ` · processed with ${injection.template}`}
      </p>
      {trace.status === 'ready' && (
        <ChromatogramSvg
          trace={trace.trace}
          unit={trace.trace.unit || injection.unit}
          peaks={injection.peaks.map((peak) => ({
            number: peak.number,
            retentionTimeSec: peak.retentionTimeSec,
            label: peak.name,
          }))}
          title={`Chromatogram of injection #${injection.id}`}
        />
      )}
      {trace.status === 'missing' && (
        <p className="share__sub">The chromatogram signal is not available through this link.</p>
      )}
      <h3>Peaks</h3>
      {(live || awaitingResult) && injection.peaks.length === 0 ? (
        <p className="share__sub">Peaks appear when the run has been processed.</p>
      ) : (
        <PeakTable
          peaks={injection.peaks}
          unit={injection.unit}
          reportingThresholdPercent={injection.reportingThresholdPercent}
          collapsible
        />
      )}
    </section>
  );
}
