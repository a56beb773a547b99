import { beforeEach, expect, it, vi } from 'vitest';
import { actionToastOptions, notifyError, notifySuccess } from './toast.ts';
import { toastContainerOptions } from './toastOptions.ts';

const shown = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('react-toastify', () => ({ toast: shown }));

beforeEach(() => vi.clearAllMocks());

it('shows toasts top-right for 5 s by default (spec §9)', () => {
  expect(toastContainerOptions.position).toBe('top-right');
  expect(toastContainerOptions.autoClose).toBe(5_000);
  notifyError('Not found');
  notifySuccess('Saved');
  expect(shown.error).toHaveBeenCalledWith('Not found', expect.objectContaining({ autoClose: 5_000 }));
  expect(shown.success).toHaveBeenCalledWith('Saved', expect.objectContaining({ autoClose: 5_000 }));
});

it('keeps a toast with an action for 10 s', () => {
  expect(actionToastOptions.autoClose).toBe(10_000);
  notifySuccess('Shared', actionToastOptions);
  expect(shown.success).toHaveBeenCalledWith('Shared', expect.objectContaining({ autoClose: 10_000 }));
});
