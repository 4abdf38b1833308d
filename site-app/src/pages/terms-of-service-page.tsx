import { Link } from 'react-router-dom';
import {
  DELIVERY,
  FILE_RETENTION_DAYS,
  PORTFOLIO_EXCERPT_MAX_SECONDS,
  REFERRAL,
  REVISIONS,
  SITE_ROUTES,
} from '@studio/shared';
import { LegalPage, type LegalSection } from '../components/legal/legal-page';
import { SITE_NAME } from '../site-config';

const todayLong = () =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date());

const SECTIONS: LegalSection[] = [
  {
    id: 'agreement',
    title: 'Agreement to These Terms',
    body: (
      <p>
        These terms apply whenever you use this website or book mixing, mastering, vocal production, audio
        restoration or production work with {SITE_NAME}. By booking or paying a deposit you agree to them. If
        you do not agree, please do not use our services.
      </p>
    ),
  },
  {
    id: 'services',
    title: 'Our Services',
    body: (
      <p>
        We provide online mixing, mastering, vocal production, beat production and audio restoration. What
        each package includes is described on our pricing pages. The free first mix is for new customers only,
        covers one song, and is offered at our discretion.
      </p>
    ),
  },
  {
    id: 'client-rights',
    title: 'Client Rights and Responsibilities',
    body: (
      <>
        <p>You keep 100% of the rights and royalties in your music. You confirm that:</p>
        <ul>
          <li>you own or are licensed to use every recording, sample and composition you send us;</li>
          <li>the files you send are complete, labelled and in an agreed format;</li>
          <li>you give clear notes, and answer questions about the project within a reasonable time.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'payment',
    title: 'Payment',
    body: (
      <ul>
        <li>
          Prices are in pounds sterling (GBP). Fees may vary with project size and complexity; we agree them
          first.
        </li>
        <li>A 50% deposit books your project. The deposit is non-refundable once work has started.</li>
        <li>
          The remaining 50% is invoiced on completion and must be paid before final files are delivered.
        </li>
        <li>
          Referral discounts can be used once, expire {REFERRAL.validityMonths} months after they are issued
          and cannot be exchanged for cash.
        </li>
      </ul>
    ),
  },
  {
    id: 'delivery',
    title: 'Delivery',
    body: (
      <p>
        Standard delivery is {DELIVERY.businessDays} days from project confirmation, excluding weekends and
        public holidays. A rush service is available for an extra fee. Delivery dates can move if files or
        notes arrive late or incomplete.
      </p>
    ),
  },
  {
    id: 'revisions',
    title: 'Revisions',
    body: (
      <p>
        Each package includes up to {REVISIONS.standardRounds} rounds of revisions unless its description says
        otherwise. Revisions must be requested within {REVISIONS.requestWithinDays} days of delivery. Further
        revisions, or changes that amount to a new mix, are charged at our hourly rate.
      </p>
    ),
  },
  {
    id: 'refunds',
    title: 'Refunds',
    body: (
      <p>
        Deposits are non-refundable. If we cannot deliver the work as agreed, we will refund what you paid for
        the part not delivered. Nothing in these terms limits your statutory rights as a consumer.
      </p>
    ),
  },
  {
    id: 'intellectual-property',
    title: 'Intellectual Property',
    body: (
      <p>
        Once paid in full, you own the delivered mixes and masters. We claim no ownership, publishing or
        royalty share in your music. Our tools, templates and working methods remain ours.
      </p>
    ),
  },
  {
    id: 'portfolio-usage',
    title: 'Portfolio Usage',
    body: (
      <p>
        After your music is publicly released, we may use short excerpts (up to{' '}
        {PORTFOLIO_EXCERPT_MAX_SECONDS} seconds) and the title and artist name in our portfolio. Tell us in
        writing if you would rather we did not, and we will not.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Liability',
    body: (
      <p>
        We take great care with your files, but please keep your own copies. Our total liability for any claim
        is limited to the amount you paid for the project concerned. We are not liable for indirect losses
        such as lost income or missed release dates. We keep project files for around {FILE_RETENTION_DAYS}{' '}
        days after completion and are not responsible for them after that.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'Termination',
    body: (
      <p>
        Either side may end a project by written notice. Work completed up to that point is charged pro rata
        and the deposit is kept. We may refuse or stop work that infringes someone else&apos;s rights or
        breaks the law.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to These Terms',
    body: (
      <p>
        We may update these terms from time to time. The version on this page when you book is the one that
        applies to your project.
      </p>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing Law',
    body: (
      <p>
        These terms are governed by the laws of <span className="legal__placeholder">[Jurisdiction]</span>,
        and its courts have exclusive jurisdiction over any dispute.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about these terms? Send us a message through the <Link to="/contact">contact page</Link>.
      </p>
    ),
  },
];

export default function TermsOfServicePage() {
  return (
    <LegalPage
      title={SITE_ROUTES.termsOfService.title}
      intro={<p className="legal__updated">Last updated: {todayLong()}</p>}
      sections={SECTIONS}
    />
  );
}
