// Link opener of spec §2: a new tab, or the same window when running as an installed application.

export function isStandalone(win: Pick<Window, 'matchMedia' | 'navigator'> = window): boolean {
  const nav = win.navigator as Navigator & { standalone?: boolean };
  return win.matchMedia('(display-mode: standalone)').matches || nav.standalone === true;
}

export function openLink(
  url: string,
  win: Pick<Window, 'matchMedia' | 'navigator' | 'open' | 'location'> = window,
) {
  if (isStandalone(win)) {
    win.location.assign(url);
    return;
  }
  win.open(url, '_blank', 'noopener');
}
