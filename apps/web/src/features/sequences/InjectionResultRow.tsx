// One injection in the sequence's results table: its state with what went wrong, amounts, system
// suitability and actions, and under it, when opened, its peaks.
import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import { noPeaksText, suitabilityCheckText } from '@eluent/contracts';
import { Icon } from '../../components/Icon.tsx';
import { PeakTable } from '../chromatograms/PeakTable.tsx';
import { resultThresholdPercent } from '../chromatograms/resultEvents.ts';
import { flagBelowThreshold, rowsFromStored } from '../chromatograms/peakRows.ts';
import { catalogueText } from './catalogue.ts';
import { amountsText, componentProblems } from './resultsText.ts';
import { SuitabilityVerdict } from './SuitabilitySection.tsx';
import type { Calibration, InjectionResult } from './sequencesApi.ts';

interface InjectionResultRowProps {
  injection: InjectionResult;
  calibrations: readonly Calibration[];
  expanded: boolean;
  onToggle: () => void;
  /** Null when the injection is no standard or the role may not change templates: no update button. */
  onUpdateTimes: (() => void) | null;
  templateUuid: string | null;
  updatingTimes: boolean;
  onReport: () => void;
  onShare: () => void;
}

export function InjectionResultRow(props: InjectionResultRowProps) {
  const { injection, calibrations, expanded } = props;
  return (
    <Fragment>
      <tr data-injection-id={injection.injection_id}>
        <td className="list-table__id">#{injection.injection_id}</td>
        <td>
          {injection.sample?.name ?? '—'}
          {injection.sample?.type === 'standard' && <span className="badge">standard</span>}
        </td>
        <td>{injection.vial ?? '—'}</td>
        <td>{injection.replicate}</td>
        <td>
          <StateCell injection={injection} />
        </td>
        <td className="list-table__number">{injection.result?.peaks.length ?? '—'}</td>
        <td className="results-table__amounts">{amountsText(injection, calibrations)}</td>
        <td className="results-table__suitability">
          <SuitabilityCell injection={injection} />
        </td>
        <td className="list-table__actions">
          <RowActions {...props} />
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
}

/** The injection's state, why it was interrupted, and what processing could not do. */
function StateCell({ injection }: { injection: InjectionResult }) {
  return (
    <>
      {injection.injection_state}
      {injection.interrupted_reason && (
        <span className="results-table__reason"> · {catalogueText(injection.interrupted_reason)}</span>
      )}
      {injection.result?.kind === 'manual' && <span className="badge badge--muted">manual</span>}
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
    </>
  );
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

function RowActions(props: InjectionResultRowProps) {
  const { injection, expanded, onToggle, onUpdateTimes, templateUuid, updatingTimes } = props;
  const id = injection.injection_id;
  return (
    <>
      <button
        type="button"
        className="icon-button"
        aria-expanded={expanded}
        aria-label={`Peaks of injection ${id}`}
        title="Peaks and system suitability"
        disabled={!injection.result}
        onClick={onToggle}
      >
        <Icon name={expanded ? 'expand_less' : 'expand_more'} />
      </button>
      <Link
        className="icon-button"
        to={`/app/chromatograms/${injection.measurement_id}`}
        aria-label={`Chromatogram of injection ${id}`}
        title="Chromatogram and manual integration"
      >
        <Icon name="show_chart" />
      </Link>
      {onUpdateTimes && (
        <button
          type="button"
          className="icon-button"
          aria-label={`Update retention times from injection ${id}`}
          title={
            templateUuid
              ? "Update the template's expected retention times from this standard"
              : 'Choose a processing template for the sequence first'
          }
          disabled={!injection.result || !templateUuid || updatingTimes}
          onClick={onUpdateTimes}
        >
          <Icon name="update" />
        </button>
      )}
      <button
        type="button"
        className="icon-button"
        aria-label={`Report of injection ${id}`}
        title="Injection report"
        disabled={!injection.result}
        onClick={props.onReport}
      >
        <Icon name="print" />
      </button>
      <button
        type="button"
        className="icon-button"
        aria-label={`Share injection ${id}`}
        title="Share the injection report"
        disabled={!injection.result}
        onClick={props.onShare}
      >
        <Icon name="share" />
      </button>
    </>
  );
}
