import { Link } from 'react-router-dom';
import './payment.css';

export const PREPARING_PAYMENT = 'Preparing your payment...';

/** Shown wherever a payment would start when the studio has not switched card payments on. */
export function PaymentsNotConfigured() {
  return (
    <div className="card pay-notice" role="status">
      <h2 className="pay-notice__title">Payments are not configured</h2>
      <p>
        Online card payments are not switched on yet, so nothing can be charged here. Get in touch and we will
        book your project with you directly.
      </p>
      <Link to="/contact" className="btn btn--primary">
        Contact the Studio
      </Link>
    </div>
  );
}

interface PaymentErrorCardProps {
  message: string;
  /** The way back; without it the page around the card offers its own. */
  onBack?: () => void;
  backLabel?: string;
}

/** The checkout's error card (spec §2, §8): what went wrong and a way back. */
export function PaymentErrorCard({ message, onBack, backLabel = 'Go Back' }: PaymentErrorCardProps) {
  return (
    <div className="card pay-error" role="alert">
      <h2 className="pay-error__title">Payment Error</h2>
      <p>{message}</p>
      {onBack && (
        <button type="button" className="btn btn--outline" onClick={onBack}>
          {backLabel}
        </button>
      )}
    </div>
  );
}

/** The waiting state of a payment, announced to screen readers. */
export function PaymentPending({ text }: { text: string }) {
  return (
    <div className="pay-pending" role="status" aria-live="polite">
      <span className="pay-spinner" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}
