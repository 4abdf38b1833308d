import { excerptFrom, readTimeLabel, readTimeMinutes, slugify, stripTags } from './text';

describe('text helpers', () => {
  it('slugifies as the spec says', () => {
    expect(slugify('Hello World')).toBe('hello-world');
    expect(slugify('  Mixing 101: EQ & Compression!  ')).toBe('mixing-101-eq-compression');
    expect(slugify('Café Crème')).toBe('cafe-creme');
  });
  it('strips tags and entities', () => {
    expect(stripTags('<p>Hi &amp; <b>bye</b></p><script>x()</script>')).toBe('Hi & bye');
  });
  it('falls back to the first 150 characters for the excerpt', () => {
    const long = `<p>${'word '.repeat(100)}</p>`;
    expect(excerptFrom(long).length).toBeLessThanOrEqual(150);
    expect(excerptFrom('<h2>Short</h2>')).toBe('Short');
  });
  it('reads at 300 words a minute', () => {
    expect(readTimeMinutes('')).toBe(1);
    expect(readTimeMinutes('w '.repeat(300))).toBe(1);
    expect(readTimeMinutes('w '.repeat(301))).toBe(2);
    expect(readTimeLabel(1)).toBe('1 min read');
    expect(readTimeLabel(4)).toBe('4 mins read');
  });
});
