import { describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../lib/storage.ts';
import {
  createInstallPrompts,
  markSuggested,
  wasSuggested,
  type InstallPromptEvent,
} from './installSuggestion.ts';

describe('install suggestion', () => {
  it('remembers the suggestion under the global key', () => {
    const storage = memoryStorage();
    expect(wasSuggested(storage)).toBe(false);
    markSuggested(storage);
    expect(storage.dump()).toEqual({ 'eluent:wasSuggestedPwaInstallation': 'true' });
    expect(wasSuggested(storage)).toBe(true);
  });

  it('keeps the deferred prompt and uses it once', async () => {
    const target = new EventTarget();
    const prompts = createInstallPrompts(target);
    const heard: unknown[] = [];
    prompts.subscribe((event) => heard.push(event));
    const prompt = vi.fn(() => Promise.resolve());
    const event: InstallPromptEvent = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    });
    target.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(prompts.current()).toBe(event);
    expect(await prompts.install()).toBe(true);
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(await prompts.install()).toBe(false);
    expect(heard).toEqual([event, null]);
  });
});
