import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { toastContainerOptions } from '../lib/toastOptions.ts';

export function Toasts() {
  return <ToastContainer {...toastContainerOptions} />;
}
