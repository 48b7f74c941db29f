import { IconArrowLeft, IconExternalLink, IconX } from '@tabler/icons-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A modal dialog in plain HTML (the browser's <dialog>: focus kept inside, Escape closes, the page
 * behind inert), for the learner's home, which carries no Mantine code. Mounted to open; `onClose`
 * once the reader has closed it (the close button or Escape): unmount it then.
 */
export function PlainDialog({
  title,
  closeLabel,
  onClose,
  onBack,
  backLabel,
  children,
  testId,
}: {
  title: string;
  closeLabel: string;
  onClose: () => void;
  /** A back arrow before the title (from a notice to the list it was opened from). */
  onBack?: (() => void) | undefined;
  backLabel?: string;
  children: ReactNode;
  testId?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog ref={ref} className="ki-notice-dialog" aria-labelledby={titleId} onClose={onClose} data-testid={testId}>
      <div className="ki-notice-dialog-header">
        {onBack ? (
          <button
            type="button"
            className="ki-icon-button"
            data-variant="subtle"
            onClick={onBack}
            aria-label={backLabel}
            data-testid="dialog-back"
          >
            <IconArrowLeft size={18} aria-hidden="true" />
          </button>
        ) : null}
        <h2 id={titleId} className="ki-title" data-size="h4">
          {title}
        </h2>
        {/* Closed as Escape closes it: the browser puts the focus back where it was, then onClose. */}
        <button
          type="button"
          className="ki-icon-button"
          data-variant="subtle"
          onClick={() => ref.current?.close()}
          aria-label={closeLabel}
          data-testid="dialog-close"
        >
          <IconX size={18} aria-hidden="true" />
        </button>
      </div>
      <div className="ki-notice-dialog-body">{children}</div>
    </dialog>
  );
}

/** A notice's link: opens in a new tab, the page it leaves not reachable from it (rel=noopener). */
export function NoticeLink({ href, label }: { href: string; label: string }) {
  return (
    <a
      className="ki-button ki-notice-link"
      data-variant="light"
      data-with-icon=""
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="notice-link"
    >
      <IconExternalLink size={16} aria-hidden="true" />
      <span className="ki-truncate">{label}</span>
    </a>
  );
}
