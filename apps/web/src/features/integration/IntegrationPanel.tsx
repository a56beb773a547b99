// The result versions beside the chromatogram: which one the viewer shows (automatic or manual), and the
// audit trail of manual integration. Changes are made on the plot (PeakEditorBar, usePeakEditor).
import { AuditList } from './AuditList.tsx';
import type { IntegrationState } from './useIntegration.ts';
import './integration.css';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';

export function IntegrationPanel({ state }: { state: IntegrationState }) {
  const shown = state.shown;
  return (
    <section className="card integration" aria-label="Integration">
      <div className="integration__head">
        <h2>Integration</h2>
        <div className="segmented" role="group" aria-label="Result shown">
          {(['automatic', 'manual'] as const).map((kind) => (
            <button
              key={kind}
              type="button"
              aria-pressed={state.view === kind}
              disabled={kind === 'manual' ? !state.hasManual : !state.hasAutomatic}
              onClick={() => state.setView(kind)}
            >
              {kind === 'automatic' ? 'Automatic' : 'Manual'}
            </button>
          ))}
        </div>
        {shown && (
          <span className="integration__hint" data-result-id={shown.id}>
            Version {shown.version} · {shown.kind}
            {shown.reason ? ` · “${shown.reason}”` : ''}
          </span>
        )}
      </div>
      {state.error && <ErrorAlert>{state.error.message}</ErrorAlert>}
      <p className="integration__hint">
        Edit peaks on the plot above: changes are staged, previewed with their areas, and saved together with
        one reason as a new version; the automatic result stays.
      </p>
      <AuditList entries={state.audit} />
    </section>
  );
}
