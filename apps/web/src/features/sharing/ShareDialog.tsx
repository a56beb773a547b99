// Read-only share links to a sequence report, a sample (with its injections) or an injection report:
// create with a chosen expiry, copy, revoke (REST /api/share-tokens/).
import { shareLinkSchema } from '@eluent/contracts';
import { listOf } from '../../api/parse.ts';
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Modal } from '../../components/Modal.tsx';
import { Icon } from '../../components/Icon.tsx';
import { formatDateTime } from '../../lib/time.ts';
import { notifyError, notifySuccess } from '../../lib/toast.ts';
import { call, send } from '../sequences/sequencesApi.ts';
import { LoadFailure } from '../../components/QueryState.tsx';
import { EXPIRY_CHOICES, DEFAULT_EXPIRY_DAYS, shareTarget, type ShareTarget } from './shareTargets.ts';
import { useCan } from '../workspaces/usePrivileges.ts';
import './sharing.css';

export function ShareDialog({
  target,
  open,
  onClose,
}: {
  target: ShareTarget;
  open: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [days, setDays] = useState(DEFAULT_EXPIRY_DAYS);
  const can = useCan();
  const { title, hint } = shareTarget(target);
  const links = useQuery({
    queryKey: ['share-links'],
    queryFn: () => call(listOf(shareLinkSchema), 'GET', '/api/share-tokens/'),
    enabled: open,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['share-links'] });
  const create = useMutation({
    mutationFn: () =>
      call(shareLinkSchema, 'POST', '/api/share-tokens/', {
        object_type: target.type,
        object_id: target.id,
        expires_in_days: days,
      }),
    onSuccess: refresh,
    onError: (error) => notifyError(error.message),
  });
  const revoke = useMutation({
    mutationFn: (id: number) => send('DELETE', `/api/share-tokens/${id}/`),
    onSuccess: refresh,
    onError: (error) => notifyError(error.message),
  });
  const copy = (url: string) =>
    navigator.clipboard.writeText(url).then(
      () => notifySuccess('Link copied'),
      () => notifyError('The link could not be copied'),
    );
  const active = (links.data ?? []).filter(
    (link) => link.object_type === target.type && link.object_id === target.id && !link.revoked_at,
  );
  return (
    <Modal
      open={open}
      title={title}
      onClose={onClose}
      footer={
        can('shareLinks.create') ? (
          <div className="share-create">
            <label>
              Expires after{' '}
              <select
                value={days}
                onChange={(event) => setDays(Number(event.target.value))}
                aria-label="Link expires after"
              >
                {EXPIRY_CHOICES.map((choice) => (
                  <option key={choice.days} value={choice.days}>
                    {choice.label}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              className="button"
              disabled={create.isPending}
              onClick={() => create.mutate()}
            >
              <Icon name="add_link" /> Create link
            </button>
          </div>
        ) : undefined
      }
    >
      <p className="sequence-section__hint">{hint}</p>
      {links.isError && <LoadFailure error={links.error} onRetry={() => void links.refetch()} />}
      {active.length === 0 && links.isSuccess && <p>No active links.</p>}
      <ul className="share-links">
        {active.map((link) => (
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
            {can('shareLinks.revoke') && (
              <button
                type="button"
                className="icon-button"
                aria-label="Revoke link"
                title="Revoke"
                onClick={() => revoke.mutate(link.id)}
              >
                <Icon name="link_off" />
              </button>
            )}
          </li>
        ))}
      </ul>
    </Modal>
  );
}
