// The rules of a template write beyond spec §3's groups: the columns of migration 0026 hold what the
// processing core reads, so a value it cannot read is refused at the write, naming the field (an event by
// its place in the list, e.g. `integration_events.1.value`).
import { processingTemplateSchema } from '@eluent/contracts';
import { AppError } from '../../errors.ts';

const extensionSchema = processingTemplateSchema.pick({
  integration_events: true,
  reporting_threshold_percent: true,
  peak_detection_negative_peaks: true,
});

/** Refuses a template object (insert, upsert or `_set`) whose extension columns the core cannot read. */
export function checkTemplateValues(values: Record<string, unknown>): void {
  const given = Object.fromEntries(
    Object.keys(extensionSchema.shape)
      .filter((name) => name in values)
      .map((name) => [name, values[name]]),
  );
  const parsed = extensionSchema.safeParse(given);
  if (parsed.success) return;
  const fields: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (fields[issue.path.join('.')] ??= []).push(issue.message);
  throw AppError.validation(fields);
}
