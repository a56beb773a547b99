// A shared sample (optionally with one injection selected), read-only.
import { useSearchParams } from 'react-router-dom';
import { Icon } from '../components/Icon.tsx';

export function SamplePage({ sampleId, injectionId }: { sampleId: number; injectionId?: number }) {
  const [params] = useSearchParams();
  const hasToken = params.has('token');
  return (
    <div className="share__content">
      <h1>
        Sample <span className="share__id">#{sampleId}</span>
      </h1>
      {injectionId !== undefined && (
        <p className="share__sub">
          Injection <span className="share__id">#{injectionId}</span>
        </p>
      )}
      <div className="share__message card" role="status">
        <Icon name={hasToken ? 'hourglass_empty' : 'key_off'} className="share__message-icon" />
        <p>
          {hasToken
            ? 'Shared samples open here once the sharing service is available on this server.'
            : 'This link has no share token. Open the complete link you received.'}
        </p>
      </div>
    </div>
  );
}
