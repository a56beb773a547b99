// The sequence-wide method and processing template pickers, used when creating and when editing a sequence.
interface Named {
  name: string;
}

interface ChoiceFieldProps<T extends Named> {
  id: string;
  label: string;
  value: string;
  emptyLabel: string;
  options: readonly T[];
  keyOf: (option: T) => string;
  onChange: (value: string) => void;
  disabled?: boolean | undefined;
  hint?: string | undefined;
}

function ChoiceField<T extends Named>({
  id,
  label,
  value,
  emptyLabel,
  options,
  keyOf,
  onChange,
  disabled,
  hint,
}: ChoiceFieldProps<T>) {
  const hintId = `${id}-hint`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        aria-describedby={hint ? hintId : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{emptyLabel}</option>
        {options.map((option) => (
          <option key={keyOf(option)} value={keyOf(option)}>
            {option.name}
          </option>
        ))}
      </select>
      {hint && (
        <span id={hintId} className="sequence-section__hint">
          {hint}
        </span>
      )}
    </div>
  );
}

export function MethodChoiceField(props: {
  id: string;
  label: string;
  value: string;
  methods: readonly { id: number; name: string }[];
  onChange: (value: string) => void;
  disabled?: boolean;
  hint?: string | undefined;
}) {
  return (
    <ChoiceField
      id={props.id}
      label={props.label}
      value={props.value}
      emptyLabel="— per row —"
      options={props.methods}
      keyOf={(method) => String(method.id)}
      onChange={props.onChange}
      disabled={props.disabled}
      hint={props.hint}
    />
  );
}

export function TemplateChoiceField(props: {
  id: string;
  value: string;
  templates: readonly { uuid: string; name: string }[];
  onChange: (value: string) => void;
  disabled?: boolean;
  hint?: string | undefined;
}) {
  return (
    <ChoiceField
      id={props.id}
      label="Processing template"
      value={props.value}
      emptyLabel="Default processing"
      options={props.templates}
      keyOf={(template) => template.uuid}
      onChange={props.onChange}
      disabled={props.disabled}
      hint={props.hint}
    />
  );
}
