// The cabinet's areas with chunks of their own, by the address's first segment under /app. The cabinet's
// chunk starts the area of the address it opens as soon as it loads, before React renders the cabinet's
// layout and its routes reach the area (docs/web.md "Opening a page").
import type { ComponentType } from 'react';

export const cabinetAreaChunks = {
  devices: () => import('./DevicesArea.tsx'),
  methods: () => import('../methods/MethodsArea.tsx'),
  templates: () => import('../templates/TemplatesArea.tsx'),
  chromatograms: () => import('../chromatograms/ChromatogramsArea.tsx'),
  sequences: () => import('../sequences/SequencesArea.tsx'),
  account: () => import('../account/AccountPage.tsx'),
  audit: () => import('../audit/AuditPage.tsx'),
  members: () => import('../workspaces/MembersPage.tsx'),
  invitation: () => import('../workspaces/InvitationPage.tsx'),
} satisfies Record<string, () => Promise<{ default: ComponentType }>>;

/** Starts the chunk of the area `pathname` is in, if it has one; a failed load is left to the route's import. */
export function startAreaChunk(pathname: string): void {
  const area = pathname.toLowerCase().split('/')[2] ?? '';
  if (!Object.hasOwn(cabinetAreaChunks, area)) return;
  cabinetAreaChunks[area as keyof typeof cabinetAreaChunks]().catch(() => undefined);
}
