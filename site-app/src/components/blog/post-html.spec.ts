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
