// Container options of spec §9: top-right, 5 s, dismissed by a swipe over 80 px.
import type { ToastContainerProps } from 'react-toastify';
import { TOAST_DURATION_MS, TOAST_SWIPE_PX, TOAST_WIDTH_PX } from './constants.ts';

/** react-toastify measures the swipe in percent of the toast width; the toast is 320 px wide. */
export const toastSwipePercent = (TOAST_SWIPE_PX / TOAST_WIDTH_PX) * 100;

export const toastContainerOptions: ToastContainerProps = {
  position: 'top-right',
  autoClose: TOAST_DURATION_MS,
  draggable: true,
  draggablePercent: toastSwipePercent,
  pauseOnFocusLoss: true,
  newestOnTop: true,
  closeOnClick: true,
};
