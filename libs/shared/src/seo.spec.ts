import {
  containsKeyword,
  keywordDensity,
  scoreSeo,
  SEO_NO_KEYWORD_WARNING,
  seoRating,
  seoTotal,
  type SeoInput,
  type SeoReport,
} from './seo';

const KEYWORD = 'mastering';

/** `n` characters of text. */
const chars = (n: number) => 'x'.repeat(n);

/** Body text of exactly `words` words of which `hits` are the keyword (no tags, so no headings or links). */
function body(words: number, hits: number): string {
  return Array.from({ length: words }, (_, i) => (i < hits ? KEYWORD : 'word')).join(' ');
}

/** An input that scores nothing but the checks a test switches on. */
function base(overrides: Partial<SeoInput> = {}): SeoInput {
  return {
    title: 'Untitled',
    metaTitle: null,
    metaDescription: null,
    focusKeyword: KEYWORD,
    content: '<p>short</p>',
    featuredImage: null,
    ...overrides,
  };
}

const points = (report: SeoReport, id: string) => {
  const check = report.checks.find((c) => c.id === id);
  if (!check) throw new Error(`no check ${id}`);
  return check.points;
};

describe('scoreSeo (spec §5)', () => {
  it('needs a focus keyword: score 0 and the warning otherwise', () => {
    for (const focusKeyword of [null, undefined, '', '   ']) {
      const report = scoreSeo(base({ focusKeyword, title: 'Mastering', featuredImage: 'a.jpg' }));
      expect(report).toEqual({ score: 0, rating: 'poor', checks: [], warning: SEO_NO_KEYWORD_WARNING });
    }
    expect(scoreSeo(base({ focusKeyword: null })).warning).toBe('Add a focus keyword to see SEO analysis');
  });

  it('lists every check once, each with its maximum', () => {
    const report = scoreSeo(base());
    expect(report.warning).toBeUndefined();
    expect(report.checks.map((c) => [c.id, c.maxPoints])).toEqual([
      ['keyword-in-title', 15],
      ['meta-title-length', 10],
      ['meta-description-length', 10],
      ['keyword-in-description', 10],
      ['content-length', 10],
      ['keyword-density', 15],
      ['featured-image', 10],
      ['subheading', 10],
      ['link', 5],
    ]);
  });

  it('gives 15 for the keyword in the title, whole words and any case', () => {
    expect(points(scoreSeo(base({ title: 'A guide to Mastering at home' })), 'keyword-in-title')).toBe(15);
    expect(points(scoreSeo(base({ title: 'A guide to mixing' })), 'keyword-in-title')).toBe(0);
    expect(points(scoreSeo(base({ title: 'Remastering' })), 'keyword-in-title')).toBe(0);
    const phrase = scoreSeo(base({ focusKeyword: 'Vocal Production', title: 'Tips for vocal  production' }));
    expect(points(phrase, 'keyword-in-title')).toBe(15);
  });

  it.each([
    [29, 5],
    [30, 10],
    [60, 10],
    [61, 5],
  ])('meta title of %i characters scores %i', (length, expected) => {
    const report = scoreSeo(base({ metaTitle: chars(length) }));
    expect(points(report, 'meta-title-length')).toBe(expected);
    expect(report.checks[1].level).toBe(expected === 10 ? 'good' : 'warning');
  });

  it('counts a missing meta title as an error (whitespace is missing too)', () => {
    for (const metaTitle of [null, '', '   ']) {
      const check = scoreSeo(base({ metaTitle })).checks[1];
      expect(check).toMatchObject({ id: 'meta-title-length', points: 0, level: 'error' });
    }
  });

  it.each([
    [119, 5],
    [120, 10],
    [160, 10],
    [161, 5],
  ])('meta description of %i characters scores %i', (length, expected) => {
    expect(points(scoreSeo(base({ metaDescription: chars(length) })), 'meta-description-length')).toBe(
      expected,
    );
  });

  it('gives nothing for a missing meta description', () => {
    const report = scoreSeo(base({ metaDescription: '' }));
    expect(points(report, 'meta-description-length')).toBe(0);
    expect(points(report, 'keyword-in-description')).toBe(0);
  });

  it('gives 10 for the keyword in the meta description', () => {
    const with_ = scoreSeo(base({ metaDescription: 'Loud, clean MASTERING for streaming.' }));
    expect(points(with_, 'keyword-in-description')).toBe(10);
    const without = scoreSeo(base({ metaDescription: 'Loud, clean mixes for streaming.' }));
    expect(points(without, 'keyword-in-description')).toBe(0);
  });

  it.each([
    [299, 0],
    [300, 10],
  ])('content of %i characters of text scores %i', (length, expected) => {
    expect(points(scoreSeo(base({ content: `<p>${chars(length)}</p>` })), 'content-length')).toBe(expected);
  });

  it('counts the text, not the markup, towards the content length', () => {
    const markup = `<p><strong>${chars(150)}</strong></p>`.padEnd(400, ' ');
    expect(points(scoreSeo(base({ content: markup })), 'content-length')).toBe(0);
  });

  it.each([
    // hits in 10,000 words: density = hits / 100 %
    [49, 0.49, 5],
    [50, 0.5, 15],
    [250, 2.5, 15],
    [251, 2.51, 5],
  ])('keyword density of %i in 10000 words (%f%%) scores %i', (hits, density, expected) => {
    const content = body(10_000, hits);
    expect(keywordDensity(content, KEYWORD)).toBeCloseTo(density, 10);
    expect(points(scoreSeo(base({ content })), 'keyword-density')).toBe(expected);
  });

  it('scores density from the body text only, and 5 when the keyword is absent', () => {
    expect(keywordDensity('<h2 class="mastering">one two</h2>', KEYWORD)).toBe(0);
    expect(keywordDensity('', KEYWORD)).toBe(0);
    expect(points(scoreSeo(base({ content: body(100, 0) })), 'keyword-density')).toBe(5);
  });

  it('counts a keyword phrase as one occurrence', () => {
    // 2 phrases in 8 words: 25%.
    expect(keywordDensity('vocal production and more vocal production for you', 'Vocal production')).toBe(25);
  });

  it('gives 10 for a featured image', () => {
    expect(points(scoreSeo(base({ featuredImage: 'studio.jpg' })), 'featured-image')).toBe(10);
    expect(points(scoreSeo(base({ featuredImage: '' })), 'featured-image')).toBe(0);
  });

  it('gives 10 for an H2 or H3 subheading, not for H1 or H4', () => {
    for (const [html, expected] of [
      ['<h2>Why</h2>', 10],
      ['<h3 id="how">How</h3>', 10],
      ['<H2>Upper</H2>', 10],
      ['<h1>Top</h1>', 0],
      ['<h4>Deep</h4>', 0],
      ['<header>no</header>', 0],
    ] as const) {
      expect(points(scoreSeo(base({ content: html })), 'subheading')).toBe(expected);
    }
  });

  it('gives 5 for a link', () => {
    expect(points(scoreSeo(base({ content: '<p><a href="/contact">Book</a></p>' })), 'link')).toBe(5);
    expect(points(scoreSeo(base({ content: '<p><a name="x">anchor</a></p>' })), 'link')).toBe(0);
  });

  it('adds up to 95 when everything is met, and the rating follows the score', () => {
    const text = `${body(120, 2)} ${chars(40)}`; // 2 in 121 words: 1.65 %
    const report = scoreSeo({
      title: 'Mastering for streaming',
      metaTitle: 'Mastering for streaming: a practical guide',
      metaDescription: `Mastering explained: ${chars(110)}`,
      focusKeyword: KEYWORD,
      content: `<h2>Loudness</h2><p>${text} <a href="https://example.com">more</a></p>`,
      featuredImage: 'hero.jpg',
    });
    expect(report.checks.every((c) => c.points === c.maxPoints)).toBe(true);
    expect(report.score).toBe(95);
    expect(report.rating).toBe('good');
  });

  it('caps the total at 100', () => {
    // The nine checks can reach 95 at most, so the cap is checked on the totalling itself.
    expect(seoTotal([{ points: 60 }, { points: 40 }])).toBe(100);
    expect(seoTotal([{ points: 60 }, { points: 41 }])).toBe(100);
    expect(seoTotal([{ points: 90 }, { points: 90 }])).toBe(100);
    expect(seoTotal([{ points: 50 }, { points: 49 }])).toBe(99);
    expect(seoTotal([])).toBe(0);
  });

  it('scores a minimal post as poor', () => {
    // Density outside the range still earns 5.
    const report = scoreSeo(base());
    expect(report.score).toBe(5);
    expect(report.rating).toBe('poor');
  });
});

describe('seoRating bands', () => {
  it.each([
    [0, 'poor'],
    [39, 'poor'],
    [40, 'average'],
    [69, 'average'],
    [70, 'good'],
    [100, 'good'],
  ] as const)('%i is %s', (score, rating) => {
    expect(seoRating(score)).toBe(rating);
  });
});

describe('containsKeyword', () => {
  it('matches whole words and phrases, ignoring case and extra spaces', () => {
    expect(containsKeyword('Mix & Master', 'mix')).toBe(true);
    expect(containsKeyword('Mixing', 'mix')).toBe(false);
    expect(containsKeyword('Make the MIX louder', ' Mix ')).toBe(true);
    expect(containsKeyword('EQ (equalisation) basics', 'eq')).toBe(true);
    expect(containsKeyword('Café crème', 'crème')).toBe(true);
    expect(containsKeyword('C++ tips', 'c++')).toBe(true);
    expect(containsKeyword('anything', '')).toBe(false);
  });
});
