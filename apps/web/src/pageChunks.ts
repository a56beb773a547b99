// The main app's pages that load as chunks of their own, by address. The entry starts the chunk of the
// address it opens before it waits for the icon font (spec §4), so the page's code arrives beside the font
// instead of after it and after the chunks above it; React.lazy then finds the module on its way (a module is
// fetched once however often it is imported). docs/web.md "First page" and "Opening a page".
import type { ComponentType } from 'react';
import { session } from './api/client.ts';
import { within } from './lib/appHistory.ts';

type Loader = () => Promise<{ default: ComponentType }>;

export const pageChunks = {
  home: () => import('./features/public/HomePage.tsx'),
  hardware: () => import('./features/public/HardwarePage.tsx'),
  contact: () => import('./features/public/ContactPage.tsx'),
  notFound: () => import('./features/public/NotFoundPage.tsx'),
  // Signed in or not: the mailed code is the proof.
  verifyEmail: () => import('./features/workspaces/VerifyEmailPage.tsx'),
  auth: () => import('./features/auth/AuthArea.tsx'),
  cabinet: () => import('./features/cabinet/CabinetRoot.tsx'),
} satisfies Record<string, Loader>;

export type PageName = keyof typeof pageChunks;

/** Which page an address of the main app shows (the cabinet's own routes are react-router's). */
export function pageOf(pathname: string): PageName {
  if (within(pathname, '/app')) return 'cabinet';
  if (pathname === '/') return 'home';
  if (within(pathname, '/hardware')) return 'hardware';
  if (within(pathname, '/contact')) return 'contact';
  if (within(pathname, '/auth/verify-email')) return 'verifyEmail';
  if (within(pathname, '/auth')) return 'auth';
  return 'notFound';
}

const ignore = () => undefined;

/**
 * Starts loading the chunk of the page `pathname` shows; in the cabinet only when signed in (otherwise the
 * address goes to sign-in), and the cabinet's chunk starts its area's (features/cabinet/cabinetAreas.ts). A
 * failed load is left to the page's own import, which shows it.
 */
export function startPageChunks(pathname: string): void {
  const page = pageOf(pathname);
  if (page === 'cabinet' && !session.current()) return;
  pageChunks[page]().catch(ignore);
}
