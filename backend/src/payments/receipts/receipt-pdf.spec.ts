import { pdfText } from '../../../test/support/pdf-text';
import { printable, ReceiptData, renderReceiptPdf } from './receipt-pdf';

async function textOf(r: ReceiptData): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of renderReceiptPdf(r)) chunks.push(chunk as Buffer);
  const pdf = Buffer.concat(chunks);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const { text, pages } = await pdfText(pdf);
  expect(pages).toBe(1);
  return text;
}

const BASE: ReceiptData = {
  number: 'R-000042',
  paidAt: new Date('2026-11-26T10:00:00Z'),
  studio: {
    name: 'Night Shift Audio',
    address: '1 Studio Lane\nLondon E1 6AN',
    vatNumber: null,
    url: 'https://x.test',
  },
  customer: { name: 'Ada Lovelace', email: 'ada@example.com' },
  title: 'Mix — balance',
  lines: [
    { label: 'Quote', pence: 6000 },
    { label: 'Deposit paid', pence: -3000 },
    { label: 'Extra revision round 1', pence: 2500 },
  ],
  totalPence: 5500,
  refunds: [],
  reference: 'pi_123',
};

describe('receipt PDF', () => {
  it('prints the studio, the customer, each line and the total', async () => {
    const text = await textOf(BASE);
    for (const part of [
      'Night Shift Audio',
      '1 Studio Lane',
      'London E1 6AN',
      'Receipt',
      'R-000042',
      '26 November 2026',
      'Ada Lovelace, ada@example.com',
      'Mix — balance',
      'pi_123',
      'Quote',
      '£60.00',
      'Deposit paid',
      '-£30.00',
      'Extra revision round 1',
      '£25.00',
      'Total paid',
      '£55.00',
    ])
      expect([part, text.includes(part)]).toEqual([part, true]);
    expect(text).not.toContain('VAT');
    expect(text).not.toContain('Refunded');
  });

  it('adds the VAT included when the studio has a VAT number, and the refunds with what was kept', async () => {
    const text = await textOf({
      ...BASE,
      studio: { ...BASE.studio, vatNumber: 'GB 123 4567 89' },
      refunds: [{ at: new Date('2026-12-01T12:00:00Z'), pence: 1500 }],
    });
    expect(text).toContain('VAT number: GB 123 4567 89');
    expect(text).toMatch(/of which VAT at 20%\s+£9\.17/);
    expect(text).toMatch(/Refunded on 1 December 2026\s+-£15\.00/);
    expect(text).toMatch(/Net paid\s+£40\.00/);
    expect(text).toMatch(/of which VAT at 20%\s+£6\.67/);
  });

  it('prints what the built-in fonts can draw and nothing else', () => {
    expect(printable('Zoë – “Café” −5')).toBe('Zoë – “Café” -5');
    expect(printable('DJ 🎧 王')).toBe('DJ ? ?');
  });
});
