import { useEffect, useState } from 'react';
import { COPY_CONFIRMATION_MS } from '@studio/shared';
import { useToast } from '../../toast/toast-context';
import { useErrorToast } from '../../toast/use-api-error-toast';
import './ui.css';

/** Copies text, with a fallback for browsers that refuse the async clipboard. */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    // Fall back to the selection-based copy below.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('Copy was refused');
}

/** A copy button that shows a check for COPY_CONFIRMATION_MS after copying (spec §4, §9). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { toast } = useToast();
  const showError = useErrorToast();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const onClick = async () => {
    try {
      await copyText(text);
      setCopied(true);
      toast({ title: 'Copied to clipboard' });
    } catch {
      showError('Could not copy', 'Select the code and copy it yourself.');
    }
  };

  return (
    <button
      type="button"
      className={`copy-button${copied ? ' is-copied' : ''}`}
      aria-label={copied ? 'Copied' : label}
      data-copied={copied || undefined}
      onClick={onClick}
    >
      {copied ? (
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            d="M5 12.5l4.5 4.5L19 7.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      ) : (
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <rect x="8" y="8" width="12" height="12" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
          <path
            d="M16 8V5a1 1 0 0 0-1-1H5a1 1 0 0 0-1 1v10a1 1 0 0 0 1 1h3"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          />
        </svg>
      )}
    </button>
  );
}
