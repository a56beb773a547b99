// Results per injection: sample, state, peaks with amounts and system suitability (plates, tailing,
// resolution, S/N); the server's CSV of the whole table; the injection report, chromatogram and share link
// of each.
import { Fragment, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { downloadFile } from '../../api/download.ts';
import { Icon } from '../../components/Icon.tsx';
import { PeakTable } from '../chromatograms/PeakTable.tsx';
import { resultThresholdPercent } from '../chromatograms/resultEvents.ts';
import { flagBelowThreshold, rowsFromStored } from '../chromatograms/peakRows.ts';
import { ShareDialog } from '../sharing/ShareDialog.tsx';
import type { ShareTarget } from '../sharing/shareTargets.ts';
import { notifyError, notifySuccess } from '../../lib/toast.ts';
import { retentionTimesFromStandard } from '../templates/componentsApi.ts';
import { backCalculatedOf, deviationText, noPeaksText, suitabilityCheckText } from '@eluent/contracts';
import { catalogueText } from './catalogue.ts';
import { SuitabilityVerdict } from './SuitabilitySection.tsx';
import { useCan } from '../workspaces/usePrivileges.ts';
import type { Calibration, InjectionResult, Sequence } from './sequencesApi.ts';

interface Props {
  sequence: Sequence;
  injections: InjectionResult[];
  /** The sequence's curves: a calibrating standard's amounts are read back through them. */
  calibrations: readonly Calibration[];
  onInjectionReport: (injectionId: number) => void;
}

/**
 * Each named peak's amount; a calibrating standard's read back through its curve, with its nominal amount
 * and the deviation (docs/assay.md "Back-calculated standards").
 */
function amountsText(injection: InjectionResult, calibrations: readonly Calibration[]): string {
  const named = (injection.result?.peaks ?? []).filter((peak) => peak.amount !== null);
  if (named.length === 0) return '—';
  return named
    .map((peak) => {
      const name = peak.name ?? `#${peak.number}`;
      const unit = peak.amount_unit ?? '';
      const back = peak.name
        ? backCalculatedOf(calibrations, injection.measurement_id, peak.name, peak.amount)
        : null;
      if (!back) return `${name} ${peak.amount!.toFixed(3)} ${unit}`;
      return `${name} ${back.amount.toFixed(3)} ${unit} (nominal ${back.nominal.toFixed(3)}, ${deviationText(back.deviationPercent)})`;
    })
    .join(' · ');
}

/** The injection's system-suitability verdict, the failed tests in words beside it. */
function SuitabilityCell({ injection }: { injection: InjectionResult }) {
  if (injection.suitability.length === 0) return <>—</>;
  const pass = injection.suitability.every((line) => line.pass);
  const failed = injection.suitability.flatMap((line) =>
    line.checks
      .filter((check) => !check.pass)
      .map((check) => `${line.component}: ${suitabilityCheckText(check)}`),
  );
  return (
    <>
      <SuitabilityVerdict pass={pass} />
      {failed.map((text) => (
        <span key={text} className="results-table__reason">
          {' '}
          {text}
        </span>
      ))}
    </>
  );
}

/** The result's catalogue sentences for components a standard misses (name, expected time, nearest peak). */
function componentProblems(injection: InjectionResult): string[] {
  const errors = Array.isArray(injection.result?.errors) ? (injection.result.errors as unknown[]) : [];
  return errors.flatMap((error) => {
    const item = error as { code?: unknown; message?: unknown };
    return item.code === 'component_not_found' && typeof item.message === 'string' ? [item.message] : [];
  });
}

export function ResultsSection({ sequence, injections, calibrations, onInjectionReport }: Props) {
  const [open, setOpen] = useState<number | null>(null);
  const [sharing, setSharing] = useState<ShareTarget | null>(null);
  const queryClient = useQueryClient();
  const can = useCan();
  const updateTimes = useMutation({
    mutationFn: (measurementId: number) => retentionTimesFromStandard(sequence.template_uuid!, measurementId),
    onSuccess: async (answer) => {
      notifySuccess(
        answer.updated.length > 0
          ? `Retention times updated: ${answer.updated.join(', ')}. Reprocess to apply them.`
          : 'The retention times already match this standard.',
      );
      await queryClient.invalidateQueries({ queryKey: ['template-components', sequence.template_uuid] });
    },
    onError: (error) => notifyError(error.message),
  });
  return (
    <section className="card sequence-section" aria-label="Results">
      <div className="sequence-section__head">
        <h2>Results</h2>
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={injections.length === 0}
          onClick={() =>
            void downloadFile(
              `/api/sequences/${sequence.id}/results/?format=csv`,
              `sequence-${sequence.id}-results.csv`,
            )
          }
        >
          <Icon name="download" /> CSV
        </button>
      </div>
      {injections.length === 0 ? (
        <p className="sequence-section__hint">No injections yet. Results appear here as each one finishes.</p>
      ) : (
        <div className="table-scroll">
          <table className="list-table results-table" aria-label="Injection results">
            <thead>
              <tr>
                <th>Injection</th>
                <th>Sample</th>
                <th>Vial</th>
                <th>Rep.</th>
                <th>State</th>
                <th className="list-table__number">Peaks</th>
                <th>Amounts</th>
                <th>SST</th>
                <th aria-label="Actions" />
              </tr>
            </thead>
            <tbody>
              {injections.map((injection) => {
                const expanded = open === injection.injection_id;
                return (
                  <Fragment key={injection.injection_id}>
                    <tr data-injection-id={injection.injection_id}>
                      <td className="list-table__id">#{injection.injection_id}</td>
                      <td>
                        {injection.sample?.name ?? '—'}
                        {injection.sample?.type === 'standard' && <span className="badge">standard</span>}
                      </td>
                      <td>{injection.vial ?? '—'}</td>
                      <td>{injection.replicate}</td>
                      <td>
                        {injection.injection_state}
                        {injection.interrupted_reason && (
                          <span className="results-table__reason">
                            {' '}
                            · {catalogueText(injection.interrupted_reason)}
                          </span>
                        )}
                        {injection.result?.kind === 'manual' && (
                          <span className="badge badge--muted">manual</span>
                        )}
                        {injection.processing_error && (
                          <span className="results-table__error" role="note">
                            {injection.processing_error.detail}
                          </span>
                        )}
                        {componentProblems(injection).map((message) => (
                          <span key={message} className="results-table__error" role="note">
                            {message}
                          </span>
                        ))}
                      </td>
                      <td className="list-table__number">{injection.result?.peaks.length ?? '—'}</td>
                      <td className="results-table__amounts">{amountsText(injection, calibrations)}</td>
                      <td className="results-table__suitability">
                        <SuitabilityCell injection={injection} />
                      </td>
                      <td className="list-table__actions">
                        <button
                          type="button"
                          className="icon-button"
                          aria-expanded={expanded}
                          aria-label={`Peaks of injection ${injection.injection_id}`}
                          title="Peaks and system suitability"
                          disabled={!injection.result}
                          onClick={() => setOpen(expanded ? null : injection.injection_id)}
                        >
                          <Icon name={expanded ? 'expand_less' : 'expand_more'} />
                        </button>
                        <Link
                          className="icon-button"
                          to={`/app/chromatograms/${injection.measurement_id}`}
                          aria-label={`Chromatogram of injection ${injection.injection_id}`}
                          title="Chromatogram and manual integration"
                        >
                          <Icon name="show_chart" />
                        </Link>
                        {injection.sample?.type === 'standard' && can('templates.update') && (
                          <button
                            type="button"
                            className="icon-button"
                            aria-label={`Update retention times from injection ${injection.injection_id}`}
                            title={
                              sequence.template_uuid
                                ? "Update the template's expected retention times from this standard"
                                : 'Choose a processing template for the sequence first'
                            }
                            disabled={!injection.result || !sequence.template_uuid || updateTimes.isPending}
                            onClick={() => updateTimes.mutate(injection.measurement_id)}
                          >
                            <Icon name="update" />
                          </button>
                        )}
                        <button
                          type="button"
                          className="icon-button"
                          aria-label={`Report of injection ${injection.injection_id}`}
                          title="Injection report"
                          disabled={!injection.result}
                          onClick={() => onInjectionReport(injection.injection_id)}
                        >
                          <Icon name="print" />
                        </button>
                        <button
                          type="button"
                          className="icon-button"
                          aria-label={`Share injection ${injection.injection_id}`}
                          title="Share the injection report"
                          disabled={!injection.result}
                          onClick={() =>
                            setSharing({
                              type: 'injection',
                              id: injection.injection_id,
                              label: `#${injection.injection_id}`,
                            })
                          }
                        >
                          <Icon name="share" />
                        </button>
                      </td>
                    </tr>
                    {expanded && injection.result && (
                      <tr className="results-table__detail">
                        <td colSpan={9}>
                          <PeakTable
                            rows={flagBelowThreshold(
                              rowsFromStored(injection.result.peaks),
                              resultThresholdPercent(injection.result),
                            )}
                            unit=""
                            caption={`Peaks of injection ${injection.injection_id}`}
                            empty={noPeaksText(injection.result.errors)}
                            reportingThresholdPercent={resultThresholdPercent(injection.result)}
                          />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {sharing && <ShareDialog target={sharing} open onClose={() => setSharing(null)} />}
    </section>
  );
}
