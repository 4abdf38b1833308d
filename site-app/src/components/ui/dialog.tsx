import { useLayoutEffect, useRef, type ReactNode } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import './ui.css';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/**
 * A modal dialog (Radix): focus moves in and is trapped, Escape and the close button dismiss it,
 * focus returns to where it was. Rendered in place, not in a portal, so the site's styles apply.
 */
export function Dialog({ open, onOpenChange, title, description, children }: DialogProps) {
  // Opened from state rather than a Radix Trigger (the dialog's code loads on demand), so
  // remember what had focus and give it back on close.
  const returnFocusTo = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open) returnFocusTo.current = document.activeElement as HTMLElement | null;
  }, [open]);

  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Overlay className="dialog__overlay" />
      {/* Without a description, say so explicitly rather than point at a missing element. */}
      <RadixDialog.Content
        className="dialog"
        {...(description ? {} : { 'aria-describedby': undefined })}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <RadixDialog.Title className="dialog__title">{title}</RadixDialog.Title>
        {description ? (
          <RadixDialog.Description className="dialog__description">{description}</RadixDialog.Description>
        ) : null}
        {children}
        <RadixDialog.Close className="dialog__close" aria-label="Close">
          <span aria-hidden="true">×</span>
        </RadixDialog.Close>
      </RadixDialog.Content>
    </RadixDialog.Root>
  );
}
