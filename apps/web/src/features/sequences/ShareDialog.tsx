// Read-only share links to the sequence report: create, copy, revoke (REST /api/share-tokens/).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Modal } from '../../components/Modal.tsx';
import { Icon } from '../../components/Icon.tsx';
import { formatDateTime } from '../../lib/time.ts';
import { notifyError, notifySuccess } from '../../lib/toast.ts';
import { call } from './sequencesApi.ts';
import { LoadFailure } from '../../components/QueryState.tsx';

interface ShareLink {
  id: number;
  url: string;
  object_type: string;
  object_id: number;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export function ShareDialog({
  sequenceId,
  open,
  onClose,
}: {
  sequenceId: number;
  open: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const links = useQuery({
    queryKey: ['share-links'],
    queryFn: () => call<ShareLink[]>('GET', '/api/share-tokens/'),
    enabled: open,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['share-links'] });
  const create = useMutation({
    mutationFn: () =>
      call<ShareLink>('POST', '/api/share-tokens/', { object_type: 'sequence', object_id: sequenceId }),
    onSuccess: refresh,
    onError: (error) => notifyError(error.message),
  });
  const revoke = useMutation({
    mutationFn: (id: number) => call<null>('DELETE', `/api/share-tokens/${id}/`),
    onSuccess: refresh,
    onError: (error) => notifyError(error.message),
  });
  const copy = (url: string) =>
    navigator.clipboard.writeText(url).then(
      () => notifySuccess('Link copied'),
      () => notifyError('The link could not be copied'),
    );
  const mine = (links.data ?? []).filter(
    (link) => link.object_type === 'sequence' && link.object_id === sequenceId && !link.revoked_at,
  );
  return (
    <Modal
      open={open}
      title="Share the sequence report"
      onClose={onClose}
      footer={
        <button type="button" className="button" disabled={create.isPending} onClick={() => create.mutate()}>
          <Icon name="add_link" /> Create link
        </button>
      }
    >
      <p className="sequence-section__hint">
        Anyone with a link can read this sequence&apos;s report until the link expires or is revoked.
      </p>
      {links.isError && <LoadFailure error={links.error} onRetry={() => void links.refetch()} />}
      {mine.length === 0 && links.isSuccess && <p>No active links.</p>}
      <ul className="share-links">
        {mine.map((link) => (
          <li key={link.id}>
            <input
              readOnly
              value={link.url}
              aria-label="Share link"
              onFocus={(event) => event.target.select()}
            />
            <span className="sequence-section__hint">expires {formatDateTime(link.expires_at)}</span>
            <button
              type="button"
              className="icon-button"
              aria-label="Copy link"
              title="Copy"
              onClick={() => void copy(link.url)}
            >
              <Icon name="content_copy" />
            </button>
            <button
              type="button"
              className="icon-button"
              aria-label="Revoke link"
              title="Revoke"
              onClick={() => revoke.mutate(link.id)}
            >
              <Icon name="link_off" />
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
