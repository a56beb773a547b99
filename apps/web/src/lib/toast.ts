// Toasts of spec §8–§9: texts from the error catalogue, 5 s by default, 10 s when they carry an action.
import { toast, type ToastOptions } from 'react-toastify';
import { ACTION_TOAST_DURATION_MS, TOAST_DURATION_MS } from './constants.ts';
import { httpErrorText } from '../api/errors.ts';

export function notifyError(text: string, options: ToastOptions = {}): void {
  toast.error(text, { autoClose: TOAST_DURATION_MS, ...options });
}

export function notifySuccess(text: string, options: ToastOptions = {}): void {
  toast.success(text, { autoClose: TOAST_DURATION_MS, ...options });
}

export function notifyHttpError(result: { status: number; data: unknown }): void {
  notifyError(httpErrorText(result.status, result.data));
}

/** Options for a toast with a button in it: it stays 10 s. */
export const actionToastOptions: ToastOptions = { autoClose: ACTION_TOAST_DURATION_MS, closeOnClick: false };
