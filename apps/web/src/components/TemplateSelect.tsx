// The processing template field of the reprocessing forms: "Default processing" or one of the user's
// templates, by uuid ('' stands for the default).

export function TemplateSelect({
  id,
  label,
  value,
  onChange,
  templates,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (uuid: string) => void;
  templates: ReadonlyArray<{ uuid: string; name: string }>;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">Default processing</option>
        {templates.map((template) => (
          <option key={template.uuid} value={template.uuid}>
            {template.name}
          </option>
        ))}
      </select>
    </div>
  );
}
