import { readFileSync } from 'node:fs';
import { GUIDE_FILE } from '../newsletter.service';

describe('the free mixing guide', () => {
  it('is a real PDF of several pages, shipped with the code', () => {
    const pdf = readFileSync(GUIDE_FILE);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length).toBeGreaterThanOrEqual(4);
    expect(pdf.toString('latin1')).toContain('The Free Mixing Guide');
  });
});
