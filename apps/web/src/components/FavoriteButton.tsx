// The star that marks a method or template as a favorite.
import { Icon } from './Icon.tsx';

export function FavoriteButton({
  favorite,
  name,
  disabled,
  onToggle,
}: {
  favorite: boolean;
  name: string;
  disabled?: boolean;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      className={`star ${favorite ? 'star--on' : ''}`}
      aria-pressed={favorite}
      aria-label={favorite ? `Remove ${name} from favorites` : `Add ${name} to favorites`}
      title={favorite ? 'Favorite' : 'Add to favorites'}
      disabled={disabled}
      onClick={onToggle}
    >
      <Icon name={favorite ? 'star' : 'star_border'} />
    </button>
  );
}
