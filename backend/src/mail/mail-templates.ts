/**
 * The mails the studio sends. Each name has `templates/<name>.html.hbs` and
 * `templates/<name>.text.hbs`, rendered inside the shared layout, and declares in MailContexts
 * the context its templates read: queueing a mail with a missing or misspelt key is a compile
 * error (see MailRequest in mail.types.ts).
 */
export const MAIL_TEMPLATES = [
  'contact-thank-you',
  'contact-notification',
  'newsletter-confirm',
  'newsletter-welcome',
  'newsletter-issue',
  'lottery-winner',
  'lottery-admin',
  'payment-confirmation',
  'payment-admin',
  'admin-test',
  'customer-test',
  'contact-reply',
  'deposit-link',
  'password-reset',
  'staff-invite',
  'sign-in-notice',
  'account-locked',
  'project-created',
  'portal-link',
  'files-received',
  'files-need-attention',
  'version-ready',
  'round-submitted',
  'review-replies',
  'balance-request',
  'balance-reminder',
  'files-unlocked',
  'refund-notice',
  'reconciliation-report',
] as const;

export type MailTemplate = (typeof MAIL_TEMPLATES)[number];

export function isMailTemplate(name: string): name is MailTemplate {
  return (MAIL_TEMPLATES as readonly string[]).includes(name);
}

/** What a newsletter mail adds for the layout's footer (the one-click way out). */
type ListMail = {
  unsubscribeUrl: string;
};

/** A contact message as the mails about it show it. */
type ContactMessageContext = {
  name: string;
  message: string;
  /** UTC date text. */
  receivedAt: string;
};

type CustomerTestContext = {
  fromAddress: string;
  sentAt: string;
  name?: string;
  method?: string;
  service?: string;
};

type PaymentContext = {
  customerName?: string;
  serviceName: string;
  amountFormatted: string;
  transactionId: string;
  /** What is left to pay on completion, when the payment was a deposit. */
  remainingFormatted?: string;
};

/** The approved project's balance and where to pay it. */
type BalanceContext = {
  customerName?: string;
  serviceName: string;
  amountFormatted: string;
  payUrl: string;
  /** The project's page (no token: it signs in and comes back when the session has ended). */
  projectUrl: string;
};

/**
 * The context each template reads, beside the globals every mail gets (siteName, publicUrl,
 * publicHost, year, replyWithin, deliveryPromise, deliveryBusinessDays, subject). Optional keys
 * are the ones inside `{{#if}}`. A mail about a client's project carries `signInUrl` (a one-time
 * link that lands on the project) and/or `projectUrl` (the project's page itself).
 */
export type MailContexts = {
  'contact-thank-you': { contactId: number; service: string; serviceLabel: string };
  'contact-notification': ContactMessageContext & {
    contactId: number;
    email: string;
    service: string;
    serviceLabel: string;
  };
  'newsletter-confirm': { confirmUrl: string; validDays: number };
  'newsletter-welcome': ListMail & { email: string; guideUrl: string; hasDiscount: boolean };
  /**
   * A test copy carries it all; a subscriber's copy carries none of it: its delivery hook fills
   * it in from the stored issue when the mail is sent (newsletter issues).
   */
  'newsletter-issue': Partial<ListMail & { bodyHtml: string; bodyText: string; preheader: string }>;
  'lottery-winner': ListMail & { month: string; monthLabel: string; claimUrl: string };
  'lottery-admin': {
    monthLabel: string;
    winnerEmail: string | null;
    entrants: number;
    singleEntrant: boolean;
    drawId: number;
    drawnAt: string;
  };
  /** `receiptUrl`: the payment's PDF receipt, opened without signing in (a signed link). */
  'payment-confirmation': PaymentContext & { receiptUrl: string };
  'payment-admin': PaymentContext & {
    paymentId: number;
    kind: string;
    customerEmail?: string;
    referralCode?: string;
    discountPercent?: number;
    referralOutcome?: string;
  };
  'admin-test': {
    heading: string;
    message: string;
    timestamp: string;
    extraInfo?: string;
    requestedBy: string;
  };
  'customer-test': CustomerTestContext;
  'contact-reply': ContactMessageContext & { body: string };
  'deposit-link': ContactMessageContext & {
    body: string;
    serviceName: string;
    priceFormatted: string;
    depositFormatted: string;
    payUrl: string;
  };
  'password-reset': { username: string; resetUrl: string; minutes: number };
  'staff-invite': { username: string; role: string; invitedBy: string; inviteUrl: string; hours: number };
  'sign-in-notice': { username: string; when: string; ip: string; userAgent: string; resetUrl: string };
  'account-locked': {
    username: string;
    failures: number;
    ip: string;
    when: string;
    minutes: number;
    resetUrl: string;
    /** The failures came from one browser the owner signed in with before (only it waits). */
    knownDevice: boolean;
  };
  'project-created': {
    customerName?: string;
    serviceName: string;
    signInUrl: string;
    projectUrl: string;
    revisionRounds: number;
  };
  'portal-link': { signInUrl: string; minutes: number };
  'files-received': { customerName?: string; customerEmail: string; serviceName: string; projectUrl: string };
  'files-need-attention': {
    customerName?: string;
    serviceName: string;
    note?: string;
    problems: string[];
    signInUrl: string;
    projectUrl: string;
  };
  'version-ready': {
    customerName?: string;
    serviceName: string;
    versionNumber: number;
    kind: string;
    signInUrl: string;
    projectUrl: string;
  };
  'round-submitted': {
    customerName: string;
    serviceName: string;
    round: string;
    comments: number;
    projectUrl: string;
  };
  'review-replies': { customerName?: string; serviceName: string; projectUrl: string };
  'balance-request': BalanceContext;
  'balance-reminder': BalanceContext & { days: number };
  'files-unlocked': { customerName?: string; serviceName: string; signInUrl: string; projectUrl: string };
  'refund-notice': {
    customerName?: string;
    serviceName: string;
    amountFormatted: string;
    reason: string;
    /** What happens to the project, when the refund changed it. */
    projectOutcome?: string;
    projectUrl?: string;
  };
  'reconciliation-report': { count: number; lines: string[]; paymentsUrl: string };
};
