// Saved overlays over REST (contracts: rest/overlays.ts): list, save, rename, delete.
import type { OverlayInput, SavedOverlay } from '@eluent/contracts';
import { call } from '../sequences/sequencesApi.ts';

export const overlaysKey = ['saved-overlays'] as const;
export const fetchOverlays = () => call<SavedOverlay[]>('GET', '/api/overlays/');
export const saveOverlay = (body: OverlayInput) => call<SavedOverlay>('POST', '/api/overlays/', body);
export const renameOverlay = (id: number, name: string) =>
  call<SavedOverlay>('PATCH', `/api/overlays/${id}/`, { name });
export const deleteOverlay = (id: number) => call<null>('DELETE', `/api/overlays/${id}/`);
