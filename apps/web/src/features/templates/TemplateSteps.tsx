// Every algorithm of every step with the parameters the chosen algorithm reads (spec §3, §5 payload groups).
import type { DetectionSettings } from '@eluent/contracts';
import { Icon } from '../../components/Icon.tsx';
import type { FormValues } from '../methods/useFormValues.ts';
import { DetectionFields } from './DetectionFields.tsx';
import { SelectField, TextField } from './TemplateFields.tsx';
import { labelOf, steps, type Step, type TimeUnit } from './templateForm.ts';

const icons: Record<Step, string> = {
  binj: 'invert_colors',
  base: 'horizontal_rule',
  pdet: 'troubleshoot',
  peak: 'area_chart',
  nois: 'graphic_eq',
};

function StepParameters({
  step,
  form,
  unit,
  detection,
}: {
  step: Step;
  form: FormValues;
  unit: string;
  detection: DetectionSettings | null;
}) {
  const algorithm = form.values[`algorithm_${step}`];
  switch (step) {
    case 'binj':
      return algorithm === 'none' ? null : (
        <div className="form-grid">
          <TextField form={form} name="blank_injection_measurement_id" label="Blank measurement ID" />
          <TextField form={form} name="blank_injection_measurement_ulid" label="Blank measurement ULID" />
        </div>
      );
    case 'base':
      if (algorithm === 'horizontal_correction') {
        return (
          <TextField
            form={form}
            name="baseline_correction_anchor_point"
            label="Anchor point, s"
            hint="Empty: the lower of the two window ends"
          />
        );
      }
      if (algorithm === 'manual') {
        return (
          <TextField
            form={form}
            name="baseline_correction_points"
            label="Baseline points (time s, value per line)"
            multiline
            hint="Used in the preview; saved templates store Horizontal correction"
          />
        );
      }
      return null;
    case 'pdet':
      return <DetectionFields form={form} unit={unit} detection={detection} />;
    case 'peak':
      if (algorithm === 'none') return null;
      if (algorithm === 'first_derivative') {
        return (
          <div className="form-grid">
            <TextField form={form} name="value_at_start" label={`Value at start, ${unit}`} />
            <TextField form={form} name="value_at_end" label={`Value at end, ${unit}`} />
          </div>
        );
      }
      return (
        <TextField
          form={form}
          name="peak_integration_quality_threshold"
          label="Quality threshold"
          hint={algorithm === 'peak_fitting_v1' ? 'Accept a fit when |R − 1| is at most this' : undefined}
        />
      );
    case 'nois':
      return null;
  }
}

export function TemplateSteps({
  form,
  unit,
  timeUnit,
  onTimeUnit,
  detection,
}: {
  form: FormValues;
  unit: string;
  timeUnit: TimeUnit;
  onTimeUnit: (unit: TimeUnit) => void;
  /** What detection applied in the live preview; null until it has run. */
  detection: DetectionSettings | null;
}) {
  return (
    <>
      <section className="card template-step" aria-label="Detection time">
        <h2>
          <Icon name="timer" /> Detection time
          <span className="segmented segmented--small" role="group" aria-label="Time unit">
            <button type="button" aria-pressed={timeUnit === 'min'} onClick={() => onTimeUnit('min')}>
              Minutes
            </button>
            <button type="button" aria-pressed={timeUnit === 'sec'} onClick={() => onTimeUnit('sec')}>
              Seconds
            </button>
          </span>
        </h2>
        <div className="form-grid">
          <TextField form={form} name="detection_start" label={`Start, ${timeUnit}`} />
          <TextField form={form} name="detection_end" label={`End, ${timeUnit}`} />
        </div>
      </section>
      {steps.map(({ step, title, keys }) => (
        <section key={step} className="card template-step" aria-label={title}>
          <h2>
            <Icon name={icons[step]} /> {title}
          </h2>
          <SelectField form={form} name={`algorithm_${step}`} label={`${title} algorithm`}>
            {keys.map((key) => (
              <option key={key} value={key}>
                {labelOf(key)}
              </option>
            ))}
          </SelectField>
          <StepParameters step={step} form={form} unit={unit} detection={detection} />
        </section>
      ))}
    </>
  );
}
