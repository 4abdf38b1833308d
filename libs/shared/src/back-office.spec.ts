import { csvCell, csvRow, savingPence } from './back-office';

describe('CSV export cells', () => {
  it('quotes separators, quotes and line breaks', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(3000)).toBe('3000');
  });

  it('defuses cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell('+44 20')).toBe("'+44 20");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell(-5)).toBe('-5');
  });

  it('ends rows with CRLF', () => {
    expect(csvRow(['a', 1, null])).toBe('a,1,\r\n');
  });
});

describe('savingPence', () => {
  it('is the difference to a higher "was" price only', () => {
    expect(savingPence({ price: 8000, compareAtPrice: 10000 })).toBe(2000);
    expect(savingPence({ price: 8000, compareAtPrice: null })).toBeNull();
    expect(savingPence({ price: 8000, compareAtPrice: 8000 })).toBeNull();
  });
});
