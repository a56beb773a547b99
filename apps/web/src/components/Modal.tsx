// Modal (600 × 300 by default) and dialog (400 wide) of spec §9; full width on mobile.
import { useEffect, useId, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { DIALOG_WIDTH_PX, MODAL_HEIGHT_PX, MODAL_WIDTH_PX } from '../lib/constants.ts';
import { Icon } from './Icon.tsx';
import './modal.css';

interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  width?: number;
  minHeight?: number;
}

export function Modal({
  open,
  title,
  onClose,
  children,
  footer,
  width = MODAL_WIDTH_PX,
  minHeight = MODAL_HEIGHT_PX,
}: ModalProps) {
  const titleId = useId();
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onClose]);
  if (!open) return null;
  return createPortal(
    <div
      className="modal__backdrop"
      onMouseDown={(event) => event.target === event.currentTarget && onClose()}
    >
      <div
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        style={{ width, minHeight }}
      >
        <header className="modal__head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="modal__close" aria-label="Close" onClick={onClose}>
            <Icon name="close" />
          </button>
        </header>
        <div className="modal__body">{children}</div>
        {footer && <footer className="modal__foot">{footer}</footer>}
      </div>
    </div>,
    document.body,
  );
}

/** A short question with actions: the 400 px wide variant. */
export function Dialog(props: Omit<ModalProps, 'width' | 'minHeight'>) {
  return <Modal {...props} width={DIALOG_WIDTH_PX} minHeight={0} />;
}

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The confirming button's words ("Delete", "Archive"). */
  confirmLabel: string;
  /** Called after the dialog closed on the confirming button. */
  onConfirm: () => void;
  onClose: () => void;
  /** Whether the confirming button waits (the action is already under way). @default false */
  busy?: boolean;
  children: ReactNode;
}

/** A question with Cancel and one confirming action: the dialog closes, then the action runs. */
export function ConfirmDialog({
  open,
  title,
  confirmLabel,
  onConfirm,
  onClose,
  busy = false,
  children,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => {
              onClose();
              onConfirm();
            }}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
