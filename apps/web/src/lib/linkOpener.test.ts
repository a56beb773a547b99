import { describe, expect, it, vi } from 'vitest';
import { isStandalone, openLink } from './linkOpener.ts';

function fakeWindow(standaloneDisplay: boolean, iosStandalone?: boolean) {
  return {
    matchMedia: vi.fn((query: string) => ({
      matches: standaloneDisplay && query === '(display-mode: standalone)',
    })),
    navigator: { standalone: iosStandalone },
    open: vi.fn(),
    location: { assign: vi.fn() },
  };
}

describe('link opener (spec §2)', () => {
  it('opens a new tab in the browser', () => {
    const win = fakeWindow(false);
    openLink('/share/#/samples/1', win as never);
    expect(win.open).toHaveBeenCalledWith('/share/#/samples/1', '_blank', 'noopener');
    expect(win.location.assign).not.toHaveBeenCalled();
  });

  it('stays in the same window when display-mode is standalone', () => {
    const win = fakeWindow(true);
    openLink('/share/#/samples/1', win as never);
    expect(win.matchMedia).toHaveBeenCalledWith('(display-mode: standalone)');
    expect(win.location.assign).toHaveBeenCalledWith('/share/#/samples/1');
    expect(win.open).not.toHaveBeenCalled();
  });

  it('treats an iOS home-screen app as standalone', () => {
    expect(isStandalone(fakeWindow(false, true) as never)).toBe(true);
    expect(isStandalone(fakeWindow(false) as never)).toBe(false);
  });
});
