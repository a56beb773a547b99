// Saved overlays of the current workspace: save the compare view as it is (chromatograms, layout,
// normalisation, hidden traces) under a name, and open, rename, delete or share one. A role without the
// privilege does not see the action (docs/roles.md); the server refuses it anyway.
import { useState, type FormEvent } from 'react';
import type { SavedOverlay } from '@eluent/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Icon } from '../../components/Icon.tsx';
import { LoadFailure } from '../../components/QueryState.tsx';
import { formatDateTime } from '../../lib/time.ts';
import { notifyError, notifySuccess } from '../../lib/toast.ts';
import { ShareDialog } from '../sharing/ShareDialog.tsx';
import { useCan } from '../workspaces/usePrivileges.ts';
import type { OverlaySettings } from './OverlayControls.tsx';
import { deleteOverlay, fetchOverlays, overlaysKey, renameOverlay, saveOverlay } from './overlaysApi.ts';
import { overlayBody } from './savedOverlay.ts';

export function SavedOverlays({
  measurementIds,
  settings,
  hidden,
  openedId,
  onOpen,
}: {
  measurementIds: readonly number[];
  settings: OverlaySettings;
  hidden: ReadonlySet<string>;
  openedId: number | null;
  onOpen: (overlay: SavedOverlay | null) => void;
}) {
  const can = useCan();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [renaming, setRenaming] = useState<{ id: number; name: string } | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<number | null>(null);
  const [sharing, setSharing] = useState<SavedOverlay | null>(null);
  const list = useQuery({ queryKey: overlaysKey, queryFn: fetchOverlays });
  const refresh = () => queryClient.invalidateQueries({ queryKey: overlaysKey });
  const save = useMutation({
    mutationFn: () => saveOverlay(overlayBody(name, measurementIds, settings, hidden)),
    onSuccess: (saved) => {
      setName('');
      notifySuccess(`Overlay “${saved.name}” saved`);
      onOpen(saved);
      return refresh();
    },
    onError: (error) => notifyError(error.message),
  });
  const rename = useMutation({
    mutationFn: (target: { id: number; name: string }) => renameOverlay(target.id, target.name),
    onSuccess: (_, target) => {
      setRenaming(null);
      void queryClient.invalidateQueries({ queryKey: ['audit-trail', 'overlays', target.id] });
      return refresh();
    },
    onError: (error) => notifyError(error.message),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteOverlay(id),
    onSuccess: (_, id) => {
      setConfirmDelete(null);
      if (id === openedId) onOpen(null);
    },
    onError: (error) => notifyError(error.message),
    onSettled: refresh,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() !== '' && measurementIds.length > 0) save.mutate();
  };
  const overlays = list.data ?? [];
  return (
    <section className="saved-overlays" aria-labelledby="saved-overlays-title">
      <h2 id="saved-overlays-title">Saved overlays</h2>
      {can('overlays.create') && measurementIds.length > 0 && (
        <form className="saved-overlays__save" onSubmit={submit}>
          <input
            aria-label="Overlay name"
            placeholder="Name this overlay"
            maxLength={120}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <button type="submit" className="button" disabled={save.isPending || name.trim() === ''}>
            <Icon name="save" /> Save overlay
          </button>
        </form>
      )}
      {list.isError && <LoadFailure error={list.error} onRetry={() => void list.refetch()} />}
      {list.isSuccess && overlays.length === 0 && (
        <p className="sequence-section__hint">No saved overlays in this workspace yet.</p>
      )}
      <ul className="saved-overlays__list">
        {overlays.map((overlay) => (
          <li key={overlay.id} data-overlay={overlay.id} aria-current={overlay.id === openedId || undefined}>
            {renaming?.id === overlay.id ? (
              <form
                className="saved-overlays__rename"
                onSubmit={(event) => {
                  event.preventDefault();
                  if (renaming.name.trim() !== '') rename.mutate(renaming);
                }}
              >
                <input
                  aria-label="New name"
                  maxLength={120}
                  value={renaming.name}
                  onChange={(event) => setRenaming({ id: overlay.id, name: event.target.value })}
                />
                <button type="submit" className="button" disabled={rename.isPending}>
                  Save name
                </button>
                <button type="button" className="button button--secondary" onClick={() => setRenaming(null)}>
                  Cancel
                </button>
              </form>
            ) : (
              <>
                <button
                  type="button"
                  className="saved-overlays__open"
                  aria-label={`Open ${overlay.name}`}
                  onClick={() => onOpen(overlay)}
                >
                  <Icon name="stacked_line_chart" /> {overlay.name}
                </button>
                <span className="sequence-section__hint">
                  {overlay.measurement_ids.length} chromatogram
                  {overlay.measurement_ids.length === 1 ? '' : 's'} · {formatDateTime(overlay.updated_at)}
                </span>
                <span className="saved-overlays__actions">
                  {can('overlays.update') && (
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={`Rename ${overlay.name}`}
                      title="Rename"
                      onClick={() => setRenaming({ id: overlay.id, name: overlay.name })}
                    >
                      <Icon name="edit" />
                    </button>
                  )}
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Share ${overlay.name}`}
                    title="Share"
                    onClick={() => setSharing(overlay)}
                  >
                    <Icon name="share" />
                  </button>
                  {can('overlays.delete') &&
                    (confirmDelete === overlay.id ? (
                      <button
                        type="button"
                        className="button button--secondary"
                        disabled={remove.isPending}
                        onClick={() => remove.mutate(overlay.id)}
                      >
                        Delete “{overlay.name}”
                      </button>
                    ) : (
                      <button
                        type="button"
                        className="icon-button"
                        aria-label={`Delete ${overlay.name}`}
                        title="Delete"
                        onClick={() => setConfirmDelete(overlay.id)}
                      >
                        <Icon name="delete" />
                      </button>
                    ))}
                </span>
              </>
            )}
          </li>
        ))}
      </ul>
      {sharing && (
        <ShareDialog
          target={{ type: 'overlay', id: sharing.id, label: `“${sharing.name}”` }}
          open
          onClose={() => setSharing(null)}
        />
      )}
    </section>
  );
}
