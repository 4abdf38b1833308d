import { articleHtml } from './post-html';

describe('articleHtml', () => {
  it('turns the editor’s h1 into h2 so the page keeps one h1', () => {
    expect(articleHtml('<h1 style="text-align: center">A</h1><h10>x</h10>')).toBe(
      '<h2 style="text-align: center">A</h2><h10>x</h10>',
    );
  });

  it('loads images lazily unless they say otherwise', () => {
    expect(articleHtml('<p><img src="/a.png" alt="a"></p>')).toBe(
      '<p><img loading="lazy" decoding="async" src="/a.png" alt="a"></p>',
    );
    expect(articleHtml('<img loading="eager" src="/b.png">')).toBe('<img loading="eager" src="/b.png">');
  });

  it('leaves everything else alone', () => {
    const html = '<h2>Title</h2><p>Text with <a href="https://example.com">a link</a></p><imgx>';
    expect(articleHtml(html)).toBe(html);
  });
});

describe('articleHtml: library images', () => {
  const file = `${'a'.repeat(32)}.jpg`;
  const id = 'a'.repeat(32);

  it('offers the narrower WebP versions and the original, widest last', () => {
    const out = articleHtml(`<img src="/uploads/${file}" alt="desk" width="1200" height="800">`);
    expect(out).toContain(
      `srcset="/uploads/${id}-w480.webp 480w, /uploads/${id}-w960.webp 960w, /uploads/${file} 1200w"`,
    );
    expect(out).toContain('sizes="(min-width: 52rem) 50rem, 100vw"');
    expect(out).toContain('width="1200" height="800"');
  });

  it('offers only the original when it is narrower than every version', () => {
    const out = articleHtml(`<img src="/uploads/${file}" width="400" height="300">`);
    expect(out).toContain(`srcset="/uploads/${file} 400w"`);
  });

  it('leaves images without a known width, foreign images and GIFs as they are', () => {
    for (const html of [
      `<img src="/uploads/${file}" alt="x">`,
      '<img src="https://example.com/a.jpg" width="800" height="600">',
      `<img src="/uploads/${id}.gif" width="800" height="600">`,
    ]) {
      expect(articleHtml(html)).not.toContain('srcset');
    }
  });
});
