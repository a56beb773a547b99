// A Material Icons glyph from the self-hosted font; decorative unless labelled.
export function Icon({ name, label, className }: { name: string; label?: string; className?: string }) {
  return (
    <span
      className={`material-icons icon ${className ?? ''}`}
      aria-hidden={label ? undefined : true}
      aria-label={label}
      role={label ? 'img' : undefined}
    >
      {name}
    </span>
  );
}
