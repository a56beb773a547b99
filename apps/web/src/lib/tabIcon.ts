// Tab icon status of spec §4: none, running, error, completed; running blinks every 700 ms.
import { TAB_ICON_BLINK_MS } from './constants.ts';

export type TabIconStatus = 'none' | 'running' | 'error' | 'completed';

const STATUS_COLOR: Record<Exclude<TabIconStatus, 'none'>, string> = {
  running: '#2bb3a8',
  error: '#d92d20',
  completed: '#12b76a',
};

/** The Eluent mark as an SVG data URL, with a status dot when a status is given. */
export function tabIconUrl(status: TabIconStatus, dark: boolean): string {
  const tile = dark ? '#9fe3e0' : '#0e5a6b';
  const trace = dark ? '#0a3440' : '#9fe3e0';
  const dot =
    status === 'none'
      ? ''
      : `<circle cx="24" cy="8" r="7.5" fill="${STATUS_COLOR[status]}" stroke="${dark ? '#0a1a1f' : '#fff'}" stroke-width="2"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect x="1" y="1" width="30" height="30" rx="8" fill="${tile}"/><path d="M5 23 H10 C12 23 12.5 9 15 9 C17.5 9 18 23 20 23 C21.2 23 21.6 17 23 17 C24.4 17 24.8 23 27 23" fill="none" stroke="${trace}" stroke-width="2.2" stroke-linecap="round"/>${dot}</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

export interface TabIconEnvironment {
  setHref(href: string): void;
  isVisible(): boolean;
  isMobile(): boolean;
  isDark(): boolean;
  setInterval(callback: () => void, ms: number): number;
  clearInterval(handle: number): void;
}

export interface TabIcon {
  setStatus(status: TabIconStatus): void;
  status(): TabIconStatus;
  /** The tab became visible: error and completed have been seen, so they reset to none. */
  onVisible(): void;
  /** The colour scheme or visibility changed: redraw. */
  refresh(): void;
  dispose(): void;
}

/**
 * While the tab is visible only `running` is shown (the user sees the page itself); a hidden tab also
 * shows `error` (blinking) and `completed` (steady). Blinking alternates the normal and the status icon
 * every 700 ms and is skipped on mobile, where the status icon stays steady.
 */
export function createTabIcon(environment: TabIconEnvironment): TabIcon {
  let current: TabIconStatus = 'none';
  let timer: number | null = null;
  let showingStatus = false;

  const stopBlinking = () => {
    if (timer !== null) environment.clearInterval(timer);
    timer = null;
  };

  const shown = (): TabIconStatus => {
    if (current === 'running') return 'running';
    return environment.isVisible() ? 'none' : current;
  };

  const draw = () => {
    stopBlinking();
    const status = shown();
    const dark = environment.isDark();
    const blinks = status === 'running' || status === 'error';
    if (!blinks || environment.isMobile()) {
      environment.setHref(tabIconUrl(status, dark));
      return;
    }
    showingStatus = true;
    environment.setHref(tabIconUrl(status, dark));
    timer = environment.setInterval(() => {
      showingStatus = !showingStatus;
      environment.setHref(tabIconUrl(showingStatus ? status : 'none', environment.isDark()));
    }, TAB_ICON_BLINK_MS);
  };

  return {
    setStatus(status) {
      if (status === current) return;
      current = status;
      draw();
    },
    status: () => current,
    onVisible() {
      if (current === 'error' || current === 'completed') current = 'none';
      draw();
    },
    refresh: draw,
    dispose: stopBlinking,
  };
}
