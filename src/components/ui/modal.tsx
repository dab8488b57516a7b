import { useEffectEvent, useLayoutEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useBodyScrollLock } from '../../hooks/use-body-scroll-lock';
import './modal.css';

const focusable =
  'a[href], button:not([disabled]), textarea:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

type ModalProps = {
  open: boolean;
  onClose: () => void;
  labelledBy: string;
  describedBy?: string;
  className?: string;
  children: ReactNode;
};

/**
 * A modal dialog on the platform's `<dialog>` and `showModal()`: the browser puts it in the top
 * layer, makes the page behind inert (so focus stays inside) and turns Escape into `cancel`.
 * We add what it leaves to us: the first control (or `[data-autofocus]`) gets focus, the page
 * behind does not scroll, a click on the backdrop closes, and focus returns to what opened it.
 * The parent owns `open`; Escape and the backdrop only ask it to close.
 */
export function Modal({ open, onClose, labelledBy, describedBy, className, children }: ModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const requestClose = useEffectEvent(() => onClose());
  useBodyScrollLock(open);

  // A layout effect, so the dialog is in the top layer before the browser paints it.
  useLayoutEffect(() => {
    const node = dialog.current;
    if (!open || !node) return;
    const opener = document.activeElement as HTMLElement | null;
    if (!node.open) node.showModal();
    const first =
      node.querySelector<HTMLElement>('[data-autofocus]') ??
      node.querySelector<HTMLElement>(focusable);
    (first ?? node).focus();

    const onCancel = (event: Event) => {
      // Escape: the parent closes it (and may keep it open), not the browser.
      event.preventDefault();
      requestClose();
    };
    node.addEventListener('cancel', onCancel);
    return () => {
      node.removeEventListener('cancel', onCancel);
      if (node.open) node.close();
      if (opener && document.contains(opener)) opener.focus();
    };
  }, [open]);

  if (!open) return null;
  return createPortal(
    // The <dialog> spans the screen and places the panel in it (bottom, bottom right, or centred
    // by the panel's class); the backdrop is its ::backdrop. A press on the dialog itself, not on
    // the panel, is a press on the backdrop.
    <dialog
      ref={dialog}
      className="modal-frame"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      tabIndex={-1}
      onMouseDown={(event) => event.target === event.currentTarget && onClose()}
    >
      <div className={`modal${className ? ` ${className}` : ''}`}>{children}</div>
    </dialog>,
    document.body,
  );
}
