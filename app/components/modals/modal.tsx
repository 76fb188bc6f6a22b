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

/** Set by the root's first effect: from then on the app decides which dialog is open. */
const HYDRATED_FLAG = '__rdvHydrated';

export function markHydrated(): void {
  (window as unknown as Record<string, boolean>)[HYDRATED_FLAG] = true;
}

/**
 * Whether the page's wake script opened this dialog before the app hydrated (a sleeping page,
 * docs/decisions/0042). Read as a component's initial state while hydrating, so that the app keeps
 * the dialog open instead of closing and reopening it; the markup does not depend on it.
 */
export function openedBeforeHydration(early: string): boolean {
  if (typeof document === 'undefined' || (window as unknown as Record<string, boolean>)[HYDRATED_FLAG]) return false;
  return document.querySelector<HTMLDialogElement>(`dialog[data-early="${early}"]`)?.open === true;
}

export function Modal({
  open,
  onClose,
  dismissible = true,
  labelledBy,
  early,
  earlyAtLoad,
  onOpenedEarly,
  children,
}: {
  open: boolean;
  onClose: () => void;
  dismissible?: boolean;
  labelledBy: string;
  /** A name by which a sleeping page's wake script opens this dialog before the app has woken (wake.ts). */
  early?: string;
  /** The wake script opens it at load (the site-entry warning, when due). */
  earlyAtLoad?: boolean;
  /**
   * Called instead of closing it when the wake script opened this dialog while the app was
   * hydrating: after the owner's first render read `openedBeforeHydration`, before this first effect.
   * The owner then opens it in its own state (a tap on a call to action during hydration).
   */
  onOpenedEarly?: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  // The latest props, for the native close event (it may come without a cancelable cancel first).
  const latest = useRef({ open, dismissible, onClose });
  latest.current = { open, dismissible, onClose };
  const mounted = useRef(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const first = !mounted.current;
    mounted.current = true;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) {
      if (first && early && onOpenedEarly) return onOpenedEarly();
      dialog.close();
    }
    // Only `open` decides; the other props are read as they are at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  return (
    <Dialog
      ref={ref}
      aria-labelledby={labelledBy}
      data-early={early}
      data-early-at-load={earlyAtLoad ? '' : undefined}
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
