import { MAIL_TEMPLATES, MailTemplate } from './mail-templates';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MailRenderer, TEMPLATES_DIR } from './mail-renderer';
import { senderDomain } from './mail.processor';

const SAMPLE: Record<MailTemplate, Record<string, unknown>> = {
  'contact-thank-you': { serviceLabel: 'Mix & Master' },
  'contact-notification': {
    name: 'Ann',
    email: 'ann@example.com',
    service: 'mix-master',
    serviceLabel: 'Mix & Master',
    message: 'Hello',
    contactId: 3,
    receivedAt: 'now',
  },
  'newsletter-confirm': { confirmUrl: 'https://x.test/api/newsletter/confirm?token=a.1.b', validDays: 7 },
  'newsletter-welcome': {
    guideUrl: 'https://x.test/guide.pdf',
    unsubscribeUrl: 'https://x.test/u?token=a.b',
    hasDiscount: true,
  },
  'newsletter-issue': {
    bodyHtml: '<h2>March news</h2><p>New plugins.</p>',
    bodyText: 'MARCH NEWS\n\nNew plugins.',
    preheader: 'What happened in March',
    unsubscribeUrl: 'https://x.test/u?token=c.d',
  },
  'lottery-winner': {
    monthLabel: 'March 2031',
    claimUrl: 'https://x.test/contact',
    unsubscribeUrl: 'https://x.test/u',
  },
  'lottery-admin': {
    monthLabel: 'March 2031',
    winnerEmail: 'w@example.com',
    entrants: 1,
    singleEntrant: true,
    drawId: 1,
    drawnAt: 'now',
  },
  'payment-confirmation': {
    serviceName: 'Mix',
    amountFormatted: '£30.00',
    transactionId: 'pi_1',
    receiptUrl: 'https://x.test/api/receipts/1?t=abc',
  },
  'payment-admin': { serviceName: 'Mix', amountFormatted: '£30.00', transactionId: 'pi_1' },
  'admin-test': { heading: 'Test', message: 'Hi', timestamp: 'now' },
  'customer-test': { fromAddress: 'a@b.c', sentAt: 'now' },
  'contact-reply': { name: 'Ann', body: 'Thanks!', message: 'Hello', receivedAt: 'now' },
  'deposit-link': {
    name: 'Ann',
    serviceName: 'Mix',
    priceFormatted: '£60',
    depositFormatted: '£30',
    payUrl: 'https://x.test/checkout?serviceId=1',
  },
  'password-reset': { username: 'ann', resetUrl: 'https://x.test/reset-password?token=t', minutes: 30 },
  'staff-invite': {
    username: 'ann',
    role: 'editor',
    invitedBy: 'Admin',
    inviteUrl: 'https://x.test/i',
    hours: 72,
  },
  'sign-in-notice': {
    username: 'ann',
    when: 'now',
    ip: '127.0.0.1',
    userAgent: 'x',
    resetUrl: 'https://x.test/r',
  },
  'account-locked': {
    username: 'ann',
    failures: 5,
    ip: '127.0.0.1',
    when: 'now',
    minutes: 1,
    resetUrl: 'https://x.test/r',
  },
  'project-created': {
    customerName: 'Ann',
    serviceName: 'Mix',
    signInUrl: 'https://x.test/portal/sign-in#token=t',
    projectUrl: 'https://x.test/portal/projects/1',
    revisionRounds: 2,
  },
  'portal-link': { signInUrl: 'https://x.test/portal/sign-in#token=t', minutes: 30 },
  'files-received': {
    customerEmail: 'ann@example.com',
    serviceName: 'Mix',
    projectUrl: 'https://x.test/admin/projects/1',
  },
  'files-need-attention': {
    serviceName: 'Mix',
    note: 'Please send the vocal stem',
    problems: ['kick.mp3: lossy'],
    signInUrl: 'https://x.test/portal/sign-in#token=t',
    projectUrl: 'https://x.test/portal/projects/1',
  },
  'version-ready': {
    serviceName: 'Mix',
    versionNumber: 2,
    kind: 'Mix',
    signInUrl: 'https://x.test/portal/sign-in#token=t',
    projectUrl: 'https://x.test/portal/projects/1',
  },
  'round-submitted': {
    customerName: 'Ada',
    serviceName: 'Mix',
    round: 'round 1 of 2',
    comments: 3,
    projectUrl: 'https://x.test/admin/projects/1',
  },
  'review-replies': {
    serviceName: 'Mix',
    projectUrl: 'https://x.test/portal/projects/1',
  },
  'balance-request': {
    serviceName: 'Mix',
    amountFormatted: '£30',
    payUrl: 'https://x.test/pay/t',
    projectUrl: 'https://x.test/portal/projects/1',
  },
  'balance-reminder': {
    serviceName: 'Mix',
    amountFormatted: '£30',
    payUrl: 'https://x.test/pay/t',
    projectUrl: 'https://x.test/portal/projects/1',
    days: 3,
  },
  'files-unlocked': {
    serviceName: 'Mix',
    signInUrl: 'https://x.test/portal/sign-in#token=t',
    projectUrl: 'https://x.test/portal/projects/1',
  },
  'refund-notice': {
    serviceName: 'Mix',
    amountFormatted: '£30',
    reason: 'The session was cancelled by the studio.',
    projectOutcome: 'Your project is cancelled.',
    projectUrl: 'https://x.test/portal/projects/1',
  },
  'reconciliation-report': {
    count: 1,
    lines: ['Stripe refund re_1 of £5 is not in the ledger.'],
    paymentsUrl: 'https://x.test/admin/payments',
  },
};

describe('MailRenderer', () => {
  const renderer = new MailRenderer({ siteName: 'R&B Studio', publicUrl: 'https://studio.example.com' });

  it.each(MAIL_TEMPLATES)('renders %s as HTML and plain text in the shared layout', (name) => {
    const { html, text } = renderer.render(name, 'Subject line', SAMPLE[name]);
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain('R&amp;B Studio');
    expect(html).toContain('<title>Subject line</title>');
    expect(text.startsWith('R&B Studio\nhttps://studio.example.com\n')).toBe(true);
    for (const part of [html, text]) {
      expect(part).not.toMatch(/undefined|\[object Object\]|\{\{/);
    }
    expect(text).not.toMatch(/\n{3,}/);
  });

  it('escapes visitor text in HTML but not in plain text', () => {
    const context = { ...SAMPLE['contact-notification'], message: 'My <b>song</b> & me' };
    const { html, text } = renderer.render('contact-notification', 's', context);
    expect(html).toContain('My &lt;b&gt;song&lt;/b&gt; &amp; me');
    expect(text).toContain('My <b>song</b> & me');
  });

  it("never repeats the visitor's words in the thank-you to an unconfirmed address", () => {
    const context = { ...SAMPLE['contact-thank-you'], name: 'Buy pills', message: 'Visit spam.example' };
    const { html, text } = renderer.render('contact-thank-you', 's', context);
    for (const part of [html, text]) {
      expect(part).not.toContain('Buy pills');
      expect(part).not.toContain('spam.example');
    }
    expect(text).toContain('Service: Mix & Master');
  });

  it('adds the unsubscribe footer only to mails that carry an unsubscribe link', () => {
    expect(renderer.render('newsletter-welcome', 's', SAMPLE['newsletter-welcome']).text).toContain(
      'Unsubscribe with one click: https://x.test/u?token=a.b',
    );
    expect(renderer.render('customer-test', 's', SAMPLE['customer-test']).text).not.toContain('Unsubscribe');
  });

  it('counts in words, not "(s)", and names the version instead of "a new Mix of your Mix"', () => {
    const one = renderer.render('project-created', 's', { ...SAMPLE['project-created'], revisionRounds: 1 });
    const two = renderer.render('project-created', 's', SAMPLE['project-created']);
    expect(one.text).toContain('Your booking includes 1 revision round.');
    expect(two.text).toContain('Your booking includes 2 revision rounds.');
    expect(two.html).toContain('Your booking includes 2 revision rounds.');
    for (const part of [one.text, two.text, two.html]) expect(part).not.toContain('(s)');
    const version = renderer.render('version-ready', 's', SAMPLE['version-ready']);
    for (const part of [version.text, version.html]) {
      expect(part).toContain('Version 2 (Mix) of your');
      expect(part).not.toMatch(/A new Mix of your/);
    }
  });

  it('links every mail about a project to its page', () => {
    const templates: MailTemplate[] = [
      'project-created',
      'files-need-attention',
      'version-ready',
      'balance-request',
      'balance-reminder',
      'files-unlocked',
      'refund-notice',
    ];
    for (const name of templates) {
      const { html, text } = renderer.render(name, 's', SAMPLE[name]);
      expect([name, text.includes('https://x.test/portal/projects/1')]).toEqual([name, true]);
      expect([name, html.includes('href="https://x.test/portal/projects/1"')]).toEqual([name, true]);
    }
  });

  it('promises the delivery times the site states', () => {
    expect(renderer.render('payment-confirmation', 's', SAMPLE['payment-confirmation']).text).toContain(
      'receive your audio in 3-5 days,',
    );
    expect(renderer.render('lottery-winner', 's', SAMPLE['lottery-winner']).text).toContain(
      'mix back in 3 business days,',
    );
  });

  it('links the payment receipt in the payment mail', () => {
    const { html, text } = renderer.render('payment-confirmation', 's', SAMPLE['payment-confirmation']);
    expect(text).toContain('Your receipt (PDF): https://x.test/api/receipts/1?t=abc');
    // Handlebars writes the "=" of an attribute as an entity; a mail client reads it back.
    expect(html).toContain('href="https://x.test/api/receipts/1?t&#x3D;abc"');
  });

  it('shows the balance only for a deposit', () => {
    const full = renderer.render('payment-confirmation', 's', SAMPLE['payment-confirmation']).text;
    expect(full).not.toContain('Balance');
    const deposit = renderer.render('payment-confirmation', 's', {
      ...SAMPLE['payment-confirmation'],
      remainingFormatted: '£30.00',
    }).text;
    expect(deposit).toContain('Balance:      £30.00');
  });
});

describe('MailRenderer.renderShared', () => {
  const issue = SAMPLE['newsletter-issue'];
  const links = [
    'https://x.test/u?token=a.1&x=2',
    'https://x.test/u?token=b.2&x=3',
    'https://x.test/u?token=c',
  ];

  it('renders a shape once and gives every recipient what a full render gives', () => {
    const renderer = new MailRenderer({ siteName: 'R&B Studio', publicUrl: 'https://studio.example.com' });
    const full = jest.spyOn(renderer, 'render');
    for (const unsubscribeUrl of links) {
      const context = { ...issue, unsubscribeUrl };
      expect(
        renderer.renderShared('issue-1', 'newsletter-issue', 'March', context, ['unsubscribeUrl']),
      ).toEqual(renderer.render('newsletter-issue', 'March', context));
    }
    // The first recipient: its own render and the one with markers; then only the checks above.
    expect(full).toHaveBeenCalledTimes(2 + links.length);
    // Another subject is another shape.
    const other = { ...issue, unsubscribeUrl: links[0] };
    expect(
      renderer.renderShared('issue-1', 'newsletter-issue', 'April', other, ['unsubscribeUrl']).text,
    ).toBe(renderer.render('newsletter-issue', 'April', other).text);
  });

  it('renders in full where substituting would differ from the full render', () => {
    // A template that writes the link unescaped in the HTML part (a value substitution would escape).
    const dir = mkdtempSync(join(tmpdir(), 'mail-templates-'));
    cpSync(TEMPLATES_DIR, dir, { recursive: true });
    writeFileSync(join(dir, 'newsletter-issue.html.hbs'), '<p>{{{unsubscribeUrl}}}</p>{{{bodyHtml}}}');
    try {
      const renderer = new MailRenderer({ siteName: 'Studio', publicUrl: 'https://studio.example.com' }, dir);
      for (const unsubscribeUrl of links) {
        const context = { ...issue, unsubscribeUrl };
        const shared = renderer.renderShared('issue-2', 'newsletter-issue', 'March', context, [
          'unsubscribeUrl',
        ]);
        expect(shared).toEqual(renderer.render('newsletter-issue', 'March', context));
        expect(shared.html).toContain(`<p>${unsubscribeUrl}</p>`);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('renders in full a value with white space in it', () => {
    const renderer = new MailRenderer({ siteName: 'Studio', publicUrl: 'https://studio.example.com' });
    const context = { ...issue, unsubscribeUrl: 'https://x.test/u a' };
    const full = jest.spyOn(renderer, 'render');
    expect(
      renderer.renderShared('issue-3', 'newsletter-issue', 's', context, ['unsubscribeUrl']).text,
    ).toContain('https://x.test/u a');
    expect(full).toHaveBeenCalledTimes(1);
  });
});

describe('senderDomain', () => {
  it('takes the domain of MAIL_FROM for Message-IDs', () => {
    expect(senderDomain('Studio <bookings@Example.com>')).toBe('example.com');
    expect(senderDomain('bookings@localhost')).toBe('localhost');
    expect(senderDomain('nobody')).toBe('localhost');
  });
});
