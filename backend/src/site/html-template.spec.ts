import { HtmlTemplate } from './html-template';

const DOC =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Studio</title>' +
  '<meta content="The studio." name="description" /><link rel="icon" href="/favicon.ico"></head>' +
  '<body><div id="root"><p>%%SITE_NAME%% since %%YEAR%%</p></div></body></html>';

describe('HtmlTemplate', () => {
  it('fills the title, replaces the description element wherever its attributes sit, and appends to head', () => {
    const html = HtmlTemplate.parse(DOC).render({
      titleHtml: 'A post | Studio',
      descriptionTag: '<meta name="description" content="About a post"/>',
      headEnd: '<script id="site-config" type="application/json">{}</script>',
    });
    expect(html).toBe(
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A post | Studio</title>' +
        '<meta name="description" content="About a post"/><link rel="icon" href="/favicon.ico">' +
        '<script id="site-config" type="application/json">{}</script></head>' +
        '<body><div id="root"><p>%%SITE_NAME%% since %%YEAR%%</p></div></body></html>',
    );
  });

  it('leaves the document as it is without fills, and maps only its own text', () => {
    const t = HtmlTemplate.parse(DOC);
    expect(t.render({})).toBe(DOC);
    const html = t.render({ titleHtml: '%%YEAR%%' }, (text) => text.replaceAll('%%YEAR%%', '2026'));
    expect(html).toContain('<title>%%YEAR%%</title>');
    expect(html).toContain('%%SITE_NAME%% since 2026');
  });

  it('adds a description to a head that has none, and refuses a document without </head>', () => {
    const t = HtmlTemplate.parse('<html><head><title>x</title></head><body></body></html>');
    expect(t.render({ descriptionTag: '<meta name="description" content="d"/>' })).toBe(
      '<html><head><title>x</title><meta name="description" content="d"/></head><body></body></html>',
    );
    expect(() => HtmlTemplate.parse('<p>no head</p>')).toThrow(/no <\/head>/);
  });
});
