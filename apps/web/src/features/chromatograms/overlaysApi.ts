// Saved overlays over REST (contracts: rest/overlays.ts): list, save, rename, delete.
import { savedOverlaySchema } from '@eluent/contracts';
import { listOf } from '../../api/parse.ts';
import type { OverlayInput } from '@eluent/contracts';
import { call, send } from '../sequences/sequencesApi.ts';

export const overlaysKey = ['saved-overlays'] as const;
export const fetchOverlays = () => call(listOf(savedOverlaySchema), 'GET', '/api/overlays/');
export const saveOverlay = (body: OverlayInput) => call(savedOverlaySchema, 'POST', '/api/overlays/', body);
export const renameOverlay = (id: number, name: string) =>
  call(savedOverlaySchema, 'PATCH', `/api/overlays/${id}/`, { name });
export const deleteOverlay = (id: number) => send('DELETE', `/api/overlays/${id}/`);
