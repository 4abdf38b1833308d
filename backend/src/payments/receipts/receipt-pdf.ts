/**
 * A payment's receipt as a one-page A4 PDF (pdfkit, its built-in Helvetica: nothing to ship).
 * Pure: it draws what it is given and returns the document as a stream, which the caller pipes
 * into the answer as it is written.
 *
 * What a receipt says: the studio (name, address, VAT number), who paid, when and how, each line
 * item with its amount, the total paid, the VAT included in it when the studio has a VAT number,
 * and every refund with what was kept.
 */
import PDFDocument from 'pdfkit';
import { formatPenceExact, vatIncludedPence, VAT_RATE_PERCENT } from '@studio/shared';

export interface ReceiptLine {
  label: string;
  /** Signed pence: a deposit already paid is a negative line of a balance receipt. */
  pence: number;
}

export interface ReceiptData {
  /** "R-000123": the payment's own number. */
  number: string;
  paidAt: Date;
  studio: { name: string; address: string | null; vatNumber: string | null; url: string };
  customer: { name: string | null; email: string | null };
  /** What was paid for, in a few words ("Mix — balance"). */
  title: string;
  lines: ReceiptLine[];
  totalPence: number;
  refunds: { at: Date; pence: number }[];
  /** The card payment's reference at the payment provider. */
  reference: string | null;
}

const INK = '#1e2230';
const MUTED = '#5b6170';
const RULE = '#d5d8e0';

/** The standard fonts draw WinAnsi only: anything else (an emoji in a name) is printed as '?'. */
const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
export function printable(text: string): string {
  return Array.from(text.normalize('NFC'))
    .map((c) => {
      const code = c.codePointAt(0)!;
      if (c === '\n') return c;
      if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) return c;
      if (c === '−') return '-';
      return WIN_ANSI_EXTRA.includes(c) ? c : '?';
    })
    .join('');
}

/** "26 November 2026", in the studio's time zone. */
function day(date: Date): string {
  return date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  });
}

export function renderReceiptPdf(r: ReceiptData): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `Receipt ${r.number}`, Author: printable(r.studio.name), Subject: printable(r.title) },
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const amountX = left + width - 140;

  // The studio.
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(20).text(printable(r.studio.name), left, 56);
  doc.font('Helvetica').fontSize(10).fillColor(MUTED);
  if (r.studio.address) doc.text(printable(r.studio.address));
  if (r.studio.vatNumber) doc.text(`VAT number: ${printable(r.studio.vatNumber)}`);
  doc.text(r.studio.url);

  // The receipt's facts.
  doc.moveDown(1.5).fillColor(INK).font('Helvetica-Bold').fontSize(16).text('Receipt');
  doc.moveDown(0.4).font('Helvetica').fontSize(10);
  const facts: [string, string][] = [
    ['Receipt number', r.number],
    ['Date paid', day(r.paidAt)],
    ['Paid by', printable([r.customer.name, r.customer.email].filter(Boolean).join(', ') || 'Card holder')],
    ['For', printable(r.title)],
    ['Payment', `Card${r.reference ? `, reference ${r.reference}` : ''}`],
  ];
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.fillColor(MUTED).text(label, left, y, { width: 110 });
    doc.fillColor(INK).text(value, left + 120, y, { width: width - 120 });
    doc.moveDown(0.2);
  }

  // The line items.
  doc.moveDown(1);
  const rule = () => {
    doc
      .moveTo(left, doc.y)
      .lineTo(left + width, doc.y)
      .strokeColor(RULE)
      .lineWidth(1)
      .stroke();
    doc.moveDown(0.4);
  };
  const row = (label: string, amount: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fillColor(INK);
    doc.text(printable(label), left, y, { width: amountX - left - 10 });
    const after = doc.y;
    doc.text(amount, amountX, y, { width: 140, align: 'right' });
    doc.y = Math.max(after, doc.y);
    doc.moveDown(0.35);
  };
  doc.font('Helvetica-Bold').fillColor(MUTED).fontSize(9);
  row('DESCRIPTION', 'AMOUNT');
  doc.fontSize(11);
  rule();
  for (const line of r.lines) row(line.label, formatPenceExact(line.pence));
  rule();
  row('Total paid', formatPenceExact(r.totalPence), true);
  if (r.studio.vatNumber) {
    doc.fontSize(10);
    row(`of which VAT at ${VAT_RATE_PERCENT}%`, formatPenceExact(vatIncludedPence(r.totalPence)));
  }

  if (r.refunds.length) {
    doc.moveDown(0.6).fontSize(11);
    for (const refund of r.refunds) row(`Refunded on ${day(refund.at)}`, formatPenceExact(-refund.pence));
    const refunded = r.refunds.reduce((n, x) => n + x.pence, 0);
    rule();
    const kept = r.totalPence - refunded;
    row('Net paid', formatPenceExact(kept), true);
    if (r.studio.vatNumber) {
      doc.fontSize(10);
      row(`of which VAT at ${VAT_RATE_PERCENT}%`, formatPenceExact(vatIncludedPence(kept)));
    }
  }

  doc
    .moveDown(2)
    .font('Helvetica')
    .fontSize(10)
    .fillColor(MUTED)
    .text(
      `Thank you for working with ${printable(r.studio.name)}. Keep this receipt for your records.`,
      left,
      doc.y,
      {
        width,
      },
    );
  doc.end();
  return doc;
}
