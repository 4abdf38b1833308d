import { SLUG_PATTERN } from './limits';
import {
  pluralize,
  excerptFrom,
  readTimeLabel,
  readTimeMinutes,
  slugAfterTitleChange,
  slugify,
  stripTags,
} from './text';

describe('text helpers', () => {
  it('slugifies as the spec says', () => {
    expect(slugify('Hello World')).toBe('hello-world');
    expect(slugify('  Mixing 101: EQ & Compression!  ')).toBe('mixing-101-eq-compression');
    expect(slugify('Café Crème')).toBe('cafe-creme');
  });
  it('lowercases, turns spaces into hyphens and drops everything else', () => {
    expect(slugify('MIXING')).toBe('mixing');
    expect(slugify('two  spaces\tand\nlines')).toBe('two-spaces-and-lines');
    expect(slugify('Rock’n’Roll, 100% live!')).toBe('rocknroll-100-live');
    expect(slugify('a - b -- c')).toBe('a-b-c');
    expect(slugify('-leading and trailing-')).toBe('leading-and-trailing');
    expect(slugify('!!!')).toBe('');
    expect(slugify('')).toBe('');
  });
  it('always yields a slug the server accepts, or nothing', () => {
    for (const title of [
      'Hello World',
      '  Mixing 101: EQ & Compression!  ',
      'Café Crème',
      'a - b -- c',
      '_under_score_',
      'Ünïcödé ñ',
    ]) {
      const slug = slugify(title);
      expect(slug === '' || SLUG_PATTERN.test(slug)).toBe(true);
    }
  });
  describe('the slug follows the title (spec §4)', () => {
    it('while the slug is empty', () => {
      expect(slugAfterTitleChange('', '', 'My First Mix')).toBe('my-first-mix');
      expect(slugAfterTitleChange('   ', 'Old', 'New Title')).toBe('new-title');
    });
    it('while the slug equals the slug of the previous title', () => {
      expect(slugAfterTitleChange('my-first', 'My First', 'My First Mix')).toBe('my-first-mix');
      expect(slugAfterTitleChange('my-first-mix', 'My First Mix', 'My First Mi')).toBe('my-first-mi');
      expect(slugAfterTitleChange('my-first-mix', 'My First Mix', '')).toBe('');
    });
    it('not once the slug was edited by hand', () => {
      expect(slugAfterTitleChange('custom-slug', 'My First', 'My First Mix')).toBe('custom-slug');
      expect(slugAfterTitleChange('my-first-', 'My First', 'My First Mix')).toBe('my-first-');
    });
    it('types a title character by character and keeps following', () => {
      let slug = '';
      let title = '';
      for (const ch of 'Why Your Mix Sounds Small') {
        const next = title + ch;
        slug = slugAfterTitleChange(slug, title, next);
        title = next;
      }
      expect(slug).toBe('why-your-mix-sounds-small');
    });
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

describe('pluralize', () => {
  it('says one or many, never (s)', () => {
    expect(pluralize(1, 'revision round')).toBe('1 revision round');
    expect(pluralize(2, 'revision round')).toBe('2 revision rounds');
    expect(pluralize(0, 'note')).toBe('0 notes');
    expect(pluralize(3, 'reply', 'replies')).toBe('3 replies');
  });
});
