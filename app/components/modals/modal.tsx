// An accessible dialog on the native <dialog> element: focus moves into it and is kept there by
// the browser; `dismissible` decides whether Escape and the backdrop close it.
import { useEffect, useRef, type ReactNode } from 'react';
import styled from 'styled-components';

const Dialog = styled.dialog`
  width: min(92vw, 460px);
  padding: 0;
  border: none;
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  color: ${({ theme }) => theme.colors.text};

  &::backdrop {
    background: rgba(20, 24, 40, 0.65);
    backdrop-filter: blur(3px);
  }
`;

export const ModalBody = styled.div`
  padding: ${({ theme }) => theme.space(6)};
  text-align: center;

  h2 {
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }

  p {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** A dialog's body that reads top to bottom (a confirmation, a form): a column, no centring. */
export const DialogBody = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(6)};

  h2,
  p {
    margin: 0;
  }
`;

export function Modal({
  open,
  onClose,
  dismissible = true,
  labelledBy,
  children,
}: {
  open: boolean;
  onClose: () => void;
  dismissible?: boolean;
  labelledBy: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  // The latest props, for the native close event (it may come without a cancelable cancel first).
  const latest = useRef({ open, dismissible, onClose });
  latest.current = { open, dismissible, onClose };

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <Dialog
      ref={ref}
      aria-labelledby={labelledBy}
      onKeyDown={(event) => {
        // Stops the close request itself: Chromium may follow a prevented cancel with one that
        // cannot be prevented (close watchers), which would close the dialog anyway.
        if (event.key === 'Escape' && !dismissible) event.preventDefault();
      }}
      onCancel={(event) => {
        event.preventDefault();
        if (dismissible) onClose();
      }}
      onClose={() => {
        const { open: shouldBeOpen, dismissible: mayClose, onClose: close } = latest.current;
        if (!shouldBeOpen) return;
        if (mayClose) close();
        else ref.current?.showModal();
      }}
      onClick={(event) => {
        if (dismissible && event.target === event.currentTarget) onClose();
      }}
    >
      {children}
    </Dialog>
  );
}
