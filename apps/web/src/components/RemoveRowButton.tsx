// The button at the end of an editable table row that removes the row.
import { Icon } from './Icon.tsx';

export function RemoveRowButton({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <button type="button" className="icon-button" aria-label={label} onClick={onRemove}>
      <Icon name="close" />
    </button>
  );
}
