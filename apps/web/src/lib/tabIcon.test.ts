import { describe, expect, it } from 'vitest';
import { createTabIcon, tabIconUrl, type TabIconEnvironment } from './tabIcon.ts';

function environment(options: { visible?: boolean; mobile?: boolean; dark?: boolean } = {}) {
  const hrefs: string[] = [];
  const timers = new Map<number, { callback: () => void; ms: number }>();
  let next = 1;
  const state = {
    visible: options.visible ?? false,
    mobile: options.mobile ?? false,
    dark: options.dark ?? false,
  };
  const env: TabIconEnvironment = {
    setHref: (href) => hrefs.push(href),
    isVisible: () => state.visible,
    isMobile: () => state.mobile,
    isDark: () => state.dark,
    setInterval: (callback, ms) => {
      timers.set(next, { callback, ms });
      return next++;
    },
    clearInterval: (handle) => void timers.delete(handle),
  };
  const tick = () => [...timers.values()].forEach((timer) => timer.callback());
  return { env, hrefs, timers, state, tick };
}

describe('tab icon', () => {
  it('blinks every 700 ms between the normal and the running icon', () => {
    const { env, hrefs, timers, tick } = environment({ visible: true });
    const icon = createTabIcon(env);
    icon.setStatus('running');
    expect([...timers.values()].map((timer) => timer.ms)).toEqual([700]);
    tick();
    tick();
    expect(hrefs).toEqual([
      tabIconUrl('running', false),
      tabIconUrl('none', false),
      tabIconUrl('running', false),
    ]);
  });

  it('does not animate on mobile', () => {
    const { env, hrefs, timers } = environment({ mobile: true });
    createTabIcon(env).setStatus('running');
    expect(timers.size).toBe(0);
    expect(hrefs).toEqual([tabIconUrl('running', false)]);
  });

  it('shows error and completed only on a hidden tab, and resets them when the tab becomes visible', () => {
    const { env, hrefs, timers, state } = environment({ visible: false });
    const icon = createTabIcon(env);
    icon.setStatus('error');
    expect(timers.size).toBe(1);
    icon.setStatus('completed');
    expect(timers.size).toBe(0);
    expect(hrefs.at(-1)).toBe(tabIconUrl('completed', false));
    state.visible = true;
    icon.onVisible();
    expect(icon.status()).toBe('none');
    expect(hrefs.at(-1)).toBe(tabIconUrl('none', false));
  });

  it('has dark-scheme icons', () => {
    expect(tabIconUrl('none', true)).not.toBe(tabIconUrl('none', false));
  });
});
