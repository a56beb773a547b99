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
              <RenameForm
                name={renaming.name}
                onName={(next) => setRenaming({ id: overlay.id, name: next })}
                pending={rename.isPending}
                onSubmit={() => {
                  if (renaming.name.trim() !== '') rename.mutate(renaming);
                }}
                onCancel={() => setRenaming(null)}
              />
            ) : (
              <OverlayEntry
                overlay={overlay}
                onOpen={() => onOpen(overlay)}
                onRename={
                  can('overlays.update') ? () => setRenaming({ id: overlay.id, name: overlay.name }) : null
                }
                onShare={() => setSharing(overlay)}
                onAskDelete={can('overlays.delete') ? () => setConfirmDelete(overlay.id) : null}
                confirmingDelete={confirmDelete === overlay.id}
                deleting={remove.isPending}
                onDelete={() => remove.mutate(overlay.id)}
              />
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

interface RenameFormProps {
  name: string;
  onName: (name: string) => void;
  pending: boolean;
  onSubmit: () => void;
  onCancel: () => void;
}

function RenameForm({ name, onName, pending, onSubmit, onCancel }: RenameFormProps) {
  return (
    <form
      className="saved-overlays__rename"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <input
        aria-label="New name"
        maxLength={120}
        value={name}
        onChange={(event) => onName(event.target.value)}
      />
      <button type="submit" className="button" disabled={pending}>
        Save name
      </button>
      <button type="button" className="button button--secondary" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}

interface OverlayEntryProps {
  overlay: SavedOverlay;
  onOpen: () => void;
  /** Null when the role may not rename overlays: no Rename button. */
  onRename: (() => void) | null;
  onShare: () => void;
  /** Null when the role may not delete overlays: no Delete button. */
  onAskDelete: (() => void) | null;
  /** Delete was pressed once: the button now names the overlay and deletes it. */
  confirmingDelete: boolean;
  deleting: boolean;
  onDelete: () => void;
}

function OverlayEntry(props: OverlayEntryProps) {
  const { overlay, onRename, onAskDelete } = props;
  const count = overlay.measurement_ids.length;
  return (
    <>
      <button
        type="button"
        className="saved-overlays__open"
        aria-label={`Open ${overlay.name}`}
        onClick={props.onOpen}
      >
        <Icon name="stacked_line_chart" /> {overlay.name}
      </button>
      <span className="sequence-section__hint">
        {count} chromatogram
        {count === 1 ? '' : 's'} · {formatDateTime(overlay.updated_at)}
      </span>
      <span className="saved-overlays__actions">
        {onRename && (
          <button
            type="button"
            className="icon-button"
            aria-label={`Rename ${overlay.name}`}
            title="Rename"
            onClick={onRename}
          >
            <Icon name="edit" />
          </button>
        )}
        <button
          type="button"
          className="icon-button"
          aria-label={`Share ${overlay.name}`}
          title="Share"
          onClick={props.onShare}
        >
          <Icon name="share" />
        </button>
        {onAskDelete &&
          (props.confirmingDelete ? (
            <button
              type="button"
              className="button button--secondary"
              disabled={props.deleting}
              onClick={props.onDelete}
            >
              Delete “{overlay.name}”
            </button>
          ) : (
            <button
              type="button"
              className="icon-button"
              aria-label={`Delete ${overlay.name}`}
              title="Delete"
              onClick={onAskDelete}
            >
              <Icon name="delete" />
            </button>
          ))}
      </span>
    </>
  );
}
