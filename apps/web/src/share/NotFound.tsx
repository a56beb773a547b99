import { Icon } from '../components/Icon.tsx';

export function NotFound() {
  return (
    <div className="share__message card" role="status">
      <Icon name="link_off" className="share__message-icon" />
      <h1>Not found</h1>
      <p>
        This shared link does not lead to a sample, a report or an overlay. Ask the sender for a new link.
      </p>
    </div>
  );
}
