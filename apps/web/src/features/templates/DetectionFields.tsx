// The peak detection minimums: an empty field means automatic, and shows what the live preview derived for
// it ("automatic: 0.012 mAU"); a summary of what detection measured (noise, estimated peak width). The
// automatic values are only shown, never written into the template: an empty field is saved as null.
import {
  detectionMinimums,
  formatFigure,
  formatMinimum,
  noiseSourceText,
  reportingLimitText,
  spikesText,
  type DetectionSettings,
} from '@eluent/contracts';
import type { FormValues } from '../methods/useFormValues.ts';
import { CheckField, TextField } from './TemplateFields.tsx';

/** `automatic: 0.012 mAU` while the preview knows the value, `automatic` before it does. */
export function automaticHint(
  detection: DetectionSettings | null,
  key: (typeof detectionMinimums)[number]['key'],
  unit: string,
): string {
  const applied = detection?.[key];
  return applied?.automatic ? `automatic: ${formatMinimum(applied, unit)}` : 'automatic';
}

export function DetectionFields({
  form,
  unit,
  detection,
}: {
  form: FormValues;
  unit: string;
  detection: DetectionSettings | null;
}) {
  return (
    <>
      <div className="form-grid">
        {detectionMinimums.map((minimum) => {
          const fieldUnit = minimum.time ? 's' : unit;
          const empty = (form.values[minimum.field] ?? '').trim() === '';
          const hint = automaticHint(detection, minimum.key, fieldUnit);
          return (
            <TextField
              key={minimum.field}
              form={form}
              name={minimum.field}
              label={`${minimum.label}, ${fieldUnit}`}
              placeholder={hint}
              hint={empty ? `Empty: ${hint}` : 'Clear for automatic'}
            />
          );
        })}
      </div>
      <div className="form-grid">
        <TextField
          form={form}
          name="reporting_threshold_percent"
          label="Reporting threshold, % of total area"
          placeholder="0.05"
          hint="Empty: 0.05 % (ICH Q3A/Q3B) · 0: off · smaller peaks are listed apart"
          tooltip="Peaks below this share of the total area stay in the result, listed apart and out of Area % — the ICH reporting threshold; Empower's and Chromeleon's relative minimum area"
        />
        <CheckField
          form={form}
          name="peak_detection_negative_peaks"
          label="Detect negative peaks"
          tooltip="Dips below the baseline integrated as negative peaks — ChemStation “Negative Peak On”, Empower “Allow Negative Peaks”. Off by default; an event turns it on for a time range"
        />
      </div>
      <div className="detection-summary" role="group" aria-label="Detection">
        <h3>Detection</h3>
        {detection ? (
          <dl>
            <dt>Noise</dt>
            <dd>
              SD {formatFigure(detection.noiseSd)} {unit}, p-p {formatFigure(detection.noisePeakToPeak)}{' '}
              {unit}
            </dd>
            {noiseSourceText(detection) ? (
              <>
                <dt>Noise read</dt>
                <dd>{noiseSourceText(detection)!.replace(/^noise (read|measured) /, '')}</dd>
              </>
            ) : null}
            <dt>Estimated peak width (W50)</dt>
            <dd>
              {detection.estimatedPeakWidthSec === null
                ? 'no well-resolved peak'
                : `${formatFigure(detection.estimatedPeakWidthSec)} s`}
            </dd>
            {detection.spikesSec?.length ? (
              <>
                <dt>Spikes</dt>
                <dd>{spikesText(detection.spikesSec)}</dd>
              </>
            ) : null}
            {detection.quantitationLimit ? (
              <>
                <dt>Reporting limit</dt>
                <dd>{reportingLimitText(detection.quantitationLimit).replace(/^reporting limit: /, '')}</dd>
              </>
            ) : null}
          </dl>
        ) : (
          <p>Measured on the preview chromatogram once detection has run.</p>
        )}
      </div>
    </>
  );
}
