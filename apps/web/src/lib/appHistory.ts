// The main app's one browser history (the `history` package, which react-router's own routers were built
// on). The public pages and /auth route on it with the small helpers of
// components/AppLinks.tsx, so the first page loads no router library; the cabinet's react-router reads the
// same history (`unstable_HistoryRouter`, features/cabinet/CabinetRoot.tsx), so a navigation made on either
// side is seen by both (docs/web.md "First page").
import { createContext, createElement, startTransition, useContext, useLayoutEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { createBrowserHistory, type Location, type To } from 'history';

export const appHistory = createBrowserHistory();

export function navigate(to: To, options: { replace?: boolean } = {}): void {
  if (options.replace) appHistory.replace(to);
  else appHistory.push(to);
}

const LocationContext = createContext<Location>(appHistory.location);

/**
 * Holds the current location for the pages below it; a change renders as a transition, as react-router's
 * routers do, so a page whose chunk is still loading keeps the previous one on screen instead of a blank.
 */
export function LocationProvider({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(appHistory.location);
  useLayoutEffect(
    () => appHistory.listen((update) => startTransition(() => setLocation(update.location))),
    [],
  );
  return createElement(LocationContext.Provider, { value: location }, children);
}

export const useAppLocation = (): Location => useContext(LocationContext);

export function useAppSearchParams(): URLSearchParams {
  return new URLSearchParams(useAppLocation().search);
}

export { within } from './paths.ts';
