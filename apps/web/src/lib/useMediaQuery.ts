// Breakpoint of spec §4/§9: mobile up to 767 px, desktop above.
import { useSyncExternalStore } from 'react';
import { MOBILE_MAX_WIDTH_PX } from './constants.ts';

export const MOBILE_QUERY = `(max-width: ${MOBILE_MAX_WIDTH_PX}px)`;

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

export const useIsMobile = () => useMediaQuery(MOBILE_QUERY);
