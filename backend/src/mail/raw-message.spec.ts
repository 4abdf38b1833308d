import { simpleParser } from 'mailparser';
import { buildRawMessage, quotedPrintable } from './raw-message';

const longLine = `<p style="margin:0">${'Café = crème, '.repeat(20)}</p>`;
const parts = {
  from: 'Mixdown Studio <bookings@example.com>',
  to: 'ana@example.org',
  replyTo: '"Smith, Jo (DJ)" <jo@example.net>',
  subject: 'Ton mix est prêt — version 2',
  headers: {
    'List-Unsubscribe': `<https://example.com/api/newsletter/unsubscribe?token=${'a'.repeat(120)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  },
  messageId: '<contact-42-thank-you@example.com>',
  text: 'Hello Ana,\n\nline with trailing space \n.\n.dot first\n\tTabbed = 100% sûr\n',
  html: `<html><body>\n${longLine}\n<p>R&amp;B</p>\n</body></html>`,
  date: new Date('2026-11-26T15:00:00Z'),
};

describe('buildRawMessage', () => {
  it('writes a message a mail client reads back as sent', async () => {
    const built = buildRawMessage(parts);
    expect(built?.envelope).toEqual({ from: 'bookings@example.com', to: ['ana@example.org'] });
    const mail = await simpleParser(built!.raw);
    expect(mail.subject).toBe(parts.subject);
    expect(mail.messageId).toBe(parts.messageId);
    expect(mail.date?.toISOString()).toBe('2026-11-26T15:00:00.000Z');
    expect(mail.from?.value).toEqual([{ name: 'Mixdown Studio', address: 'bookings@example.com' }]);
    expect(mail.replyTo?.value).toEqual([{ name: 'Smith, Jo (DJ)', address: 'jo@example.net' }]);
    const line = (key: string) => mail.headerLines.find((h) => h.key === key)?.line.replace(/\r\n /g, ' ');
    expect(line('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(line('list-unsubscribe')).toBe(`List-Unsubscribe: ${parts.headers['List-Unsubscribe']}`);
    expect(mail.text).toBe(parts.text);
    expect(mail.html).toBe(parts.html);
  });

  it('keeps every line within SMTP limits, with CRLF line ends only', () => {
    const { raw } = buildRawMessage(parts)!;
    expect(raw.endsWith('\r\n')).toBe(true);
    expect(/\r(?!\n)|(?<!\r)\n/.test(raw)).toBe(false);
    const body = raw.slice(raw.indexOf('\r\n\r\n'));
    for (const line of body.split('\r\n')) expect(line.length).toBeLessThanOrEqual(76);
    expect(/[^\x20-\x7e\r\n\t]/.test(raw)).toBe(false);
  });

  it('sends a text-only mail as one plain-text part', async () => {
    const { raw } = buildRawMessage({ ...parts, html: undefined })!;
    const mail = await simpleParser(raw);
    expect(mail.html).toBe(false);
    expect(mail.text).toBe(parts.text);
    expect(raw).not.toContain('multipart');
  });

  it('leaves to nodemailer what it does not write itself', () => {
    expect(buildRawMessage({ ...parts, to: 'a@example.org, b@example.org' })).toBeNull();
    expect(buildRawMessage({ ...parts, to: 'José <jose@example.org>' })).toBeNull();
    expect(buildRawMessage({ ...parts, to: 'ana@exämple.org' })).toBeNull();
    expect(buildRawMessage({ ...parts, headers: { 'X-Note': 'déjà' } })).toBeNull();
    expect(buildRawMessage({ ...parts, headers: { 'X-Note': 'a\r\nBcc: x@example.org' } })).toBeNull();
  });
});

describe('quotedPrintable', () => {
  it('never splits an escape across a soft line break', () => {
    for (let pad = 0; pad < 4; pad++) {
      const encoded = quotedPrintable(`${'x'.repeat(70 + pad)}éééééé`);
      for (const line of encoded.split('\r\n')) {
        expect(line.length).toBeLessThanOrEqual(76);
        expect(/=[0-9A-F]?$/.test(line.replace(/=$/, ''))).toBe(false);
      }
    }
  });

  it('escapes "=" and white space at the end of a line', () => {
    expect(quotedPrintable('a=b \nc\t')).toBe('a=3Db=20\r\nc=09');
  });
});
