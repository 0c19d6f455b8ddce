"use client";
// A confirmation before a consequential action (revoke, delete, pause, execute…): a modal native <dialog>
// with a title, the message, Cancel (focused: the safe choice) and a danger-styled confirm button. Escape,
// Cancel and a click on the backdrop close it without acting.
import { useEffect, useId, useRef } from "react";

export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      cancelRef.current?.focus();
    } else if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-message`}
      // Escape (the dialog's cancel event) and any other close: the action does not run.
      onClose={() => open && onCancel()}
      onClick={(e) => {
        if (e.target === ref.current) onCancel(); // the backdrop, outside the dialog's box
      }}
    >
      <div className="confirm-dialog-body">
        <h2 id={`${id}-title`}>{title}</h2>
        <p id={`${id}-message`}>{message}</p>
      </div>
      <div className="confirm-dialog-actions">
        <button type="button" ref={cancelRef} className="btn" onClick={onCancel} autoFocus>
          Cancel
        </button>
        <button type="button" className="btn btn-danger-solid" onClick={onConfirm} data-testid="confirm-dialog-confirm">
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
