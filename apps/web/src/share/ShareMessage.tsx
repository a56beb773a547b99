import { Icon } from '../components/Icon.tsx';

/** A centred notice of the shared view: an error, a missing token, an empty state. */
export function ShareMessage({
  icon,
  title,
  children,
}: {
  icon: string;
  title?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="share__message card" role="status">
      <Icon name={icon} className="share__message-icon" />
      {title && <h1>{title}</h1>}
      <p>{children}</p>
    </div>
  );
}
