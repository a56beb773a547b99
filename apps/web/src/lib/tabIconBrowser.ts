// Binds the tab icon to the document: the favicon link, visibility, colour scheme and breakpoint.
import { createTabIcon, type TabIcon } from './tabIcon.ts';
import { MOBILE_QUERY } from './useMediaQuery.ts';

let instance: TabIcon | null = null;

export function browserTabIcon(): TabIcon {
  if (instance) return instance;
  const darkQuery = window.matchMedia('(prefers-color-scheme: dark)');
  const link = (() => {
    const existing = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (existing) return existing;
    const created = document.createElement('link');
    created.rel = 'icon';
    document.head.appendChild(created);
    return created;
  })();
  const icon = createTabIcon({
    setHref: (href) => {
      link.type = 'image/svg+xml';
      link.href = href;
    },
    isVisible: () => document.visibilityState === 'visible',
    isMobile: () => window.matchMedia(MOBILE_QUERY).matches,
    isDark: () => darkQuery.matches,
    setInterval: (callback, ms) => window.setInterval(callback, ms),
    clearInterval: (handle) => window.clearInterval(handle),
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') icon.onVisible();
    else icon.refresh();
  });
  darkQuery.addEventListener('change', () => icon.refresh());
  icon.refresh();
  instance = icon;
  return icon;
}
