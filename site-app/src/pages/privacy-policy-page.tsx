import { Link } from 'react-router-dom';
import { CHILDREN_AGE_LIMIT, FILE_RETENTION_DAYS, SITE_ROUTES } from '@studio/shared';
import { LegalPage, type LegalSection } from '../components/legal/legal-page';
import { SITE_NAME } from '../site-config';

const SECTIONS: LegalSection[] = [
  {
    id: 'introduction',
    title: 'Introduction',
    body: (
      <p>
        {SITE_NAME} (&quot;we&quot;, &quot;us&quot;) is an independent music production studio offering online
        mixing, mastering, vocal production and audio restoration. This policy explains what personal data we
        collect when you use this website and our services, why we collect it, how long we keep it and the
        rights you have over it. We are the data controller for that data under the UK General Data Protection
        Regulation (UK GDPR), the EU GDPR where it applies, and the Data Protection Act 2018.
      </p>
    ),
  },
  {
    id: 'information-we-collect',
    title: 'Information We Collect',
    body: (
      <>
        <p>We collect only what we need to answer you and to do the work you book:</p>
        <ul>
          <li>
            <strong>Contact details</strong>: your name, email address, the service you are interested in and
            your message, when you use the contact form.
          </li>
          <li>
            <strong>Newsletter and referrals</strong>: your email address, who referred you (if anyone) and
            the referral codes you generate or use.
          </li>
          <li>
            <strong>Bookings and payments</strong>: the service booked, amounts paid and payment status. Card
            details are entered directly with our payment provider and never reach our servers.
          </li>
          <li>
            <strong>Your audio</strong>: the stems, mixes and reference tracks you send us for a project.
          </li>
          <li>
            <strong>Accounts</strong>: for blog authors and staff, a username, email address, display name and
            a securely hashed password.
          </li>
          <li>
            <strong>Technical data</strong>: basic server logs (IP address, browser type, pages requested)
            kept to keep the site secure and working.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-use',
    title: 'How We Use Your Information',
    body: (
      <ul>
        <li>To reply to your enquiry and to plan, deliver and invoice your project.</li>
        <li>To take deposits and payments, and to send receipts and booking confirmations.</li>
        <li>
          To send the newsletter, the free mixing guide and the monthly free-mix draw, if you subscribed.
        </li>
        <li>To issue, check and apply referral discounts.</li>
        <li>To keep the website secure, prevent abuse and fix problems.</li>
        <li>To meet our legal obligations, such as keeping accounting records.</li>
      </ul>
    ),
  },
  {
    id: 'legal-basis',
    title: 'Legal Basis (GDPR)',
    body: (
      <>
        <p>Under the GDPR we rely on the following lawful bases:</p>
        <ul>
          <li>
            <strong>Contract</strong> (Article 6(1)(b)): to answer enquiries about, carry out and get paid for
            the services you book.
          </li>
          <li>
            <strong>Consent</strong> (Article 6(1)(a)): for the newsletter. You can withdraw consent at any
            time with the unsubscribe link in every email.
          </li>
          <li>
            <strong>Legitimate interests</strong> (Article 6(1)(f)): to keep the site secure, prevent fraud
            and improve our services, where those interests are not overridden by your rights.
          </li>
          <li>
            <strong>Legal obligation</strong> (Article 6(1)(c)): to keep financial records for tax purposes.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'data-retention',
    title: 'Data Retention',
    body: (
      <ul>
        <li>
          Audio files you send us and the files we deliver are typically kept for {FILE_RETENTION_DAYS} days
          after the project is completed, so that revisions and re-downloads are possible, and then deleted.
        </li>
        <li>Contact messages are kept for up to two years, unless they lead to a booking.</li>
        <li>Booking and payment records are kept for six years, as UK tax law requires.</li>
        <li>Newsletter data is kept until you unsubscribe.</li>
      </ul>
    ),
  },
  {
    id: 'data-protection-rights',
    title: 'Data Protection Rights',
    body: (
      <>
        <p>Under the GDPR you have the right to:</p>
        <ul>
          <li>access the personal data we hold about you;</li>
          <li>have inaccurate data corrected;</li>
          <li>have your data erased (the &quot;right to be forgotten&quot;);</li>
          <li>restrict or object to how we process it;</li>
          <li>data portability: receive your data in a common, machine-readable format;</li>
          <li>withdraw consent at any time, where we rely on consent.</li>
        </ul>
        <p id="data-requests">
          <strong>How to ask for a copy or for erasure.</strong> Send us a message through the{' '}
          <Link to="/contact">contact page</Link> from the email address the request is about, saying whether
          you want a copy of your data, its erasure, or both. We may reply to that address to confirm it is
          yours. A copy comes as one file (JSON) with everything we hold under that address: contact messages,
          newsletter subscription, referral codes, payments, blog comments and any account. Erasure deletes
          what we may delete; payment records that accounting law requires us to keep are anonymised instead
          (your address and notes removed, the amount and date kept). We answer within one month.
        </p>
        <p>
          You may also complain to the Information Commissioner&apos;s Office (ICO) in the UK, or to your
          local data protection authority.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and Tracking',
    body: (
      <p>
        We use no advertising or analytics cookies and no third-party trackers. The only cookie we set is a
        strictly necessary, secure cookie that keeps blog authors and staff signed in; it is not set for other
        visitors. Your browser&apos;s local storage is used for the same sign-in only.
      </p>
    ),
  },
  {
    id: 'data-security',
    title: 'Data Security',
    body: (
      <p>
        Data travels over encrypted connections, passwords are stored only as strong one-way hashes, and
        access to personal data is limited to the people who need it to do the work. No method of transmission
        or storage is completely secure, but we take reasonable technical and organisational measures to
        protect your data and will tell you and the regulator about a breach where the law requires it.
      </p>
    ),
  },
  {
    id: 'third-party-services',
    title: 'Third-Party Services',
    body: (
      <>
        <p>
          We share data only with the providers we need to run the studio, under contracts that protect it:
        </p>
        <ul>
          <li>our card payment provider, which processes deposits and payments;</li>
          <li>our email delivery provider, which sends our emails;</li>
          <li>our hosting provider, which stores the website and its data.</li>
        </ul>
        <p>We never sell your personal data.</p>
      </>
    ),
  },
  {
    id: 'childrens-privacy',
    title: "Children's Privacy",
    body: (
      <p>
        Our services are not directed at children under {CHILDREN_AGE_LIMIT}, and we do not knowingly collect
        their personal data. If you believe a child under {CHILDREN_AGE_LIMIT} has sent us personal data,
        contact us and we will delete it.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes',
    body: (
      <p>
        We may update this policy when our services or the law change. The current version is always on this
        page, and we will tell newsletter subscribers about significant changes by email.
      </p>
    ),
  },
  {
    id: 'contact-us',
    title: 'Contact Us',
    body: (
      <p>
        For any question about this policy or your personal data, send us a message through the{' '}
        <Link to="/contact">contact page</Link>.
      </p>
    ),
  },
];

export default function PrivacyPolicyPage() {
  return (
    <LegalPage
      title={SITE_ROUTES.privacyPolicy.title}
      intro={<p className="page__lead">How we collect, use and protect your personal information.</p>}
      sections={SECTIONS}
    />
  );
}
