import { sanitizePostHtml, unsizedUploads, withImageSizes } from './post-html';

describe('sanitizePostHtml', () => {
  it('keeps what the editor produces', () => {
    const html =
      '<h2>Gain staging</h2><p style="text-align: center;"><strong>Bold</strong>, <em>italic</em>, <u>under</u>, <code>eq</code></p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quote</blockquote><pre><code class="language-js">x = 1</code></pre>' +
      '<p><a href="https://example.com/a?b=1" target="_blank">link</a> <a href="mailto:hi@example.com">mail</a></p>' +
      '<p><img src="/uploads/abc123.png" alt="Desk" width="600"><img src="https://cdn.example.com/x.jpg" alt="X"></p><hr>';
    const out = sanitizePostHtml(html);
    expect(out).toContain('<h2>Gain staging</h2>');
    expect(out).toContain(
      '<p style="text-align:center"><strong>Bold</strong>, <em>italic</em>, <u>under</u>, <code>eq</code></p>',
    );
    expect(out).toContain('<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quote</blockquote>');
    expect(out).toContain('<pre><code class="language-js">x = 1</code></pre>');
    expect(out).toContain(
      '<a href="https://example.com/a?b=1" target="_blank" rel="noopener noreferrer">link</a>',
    );
    expect(out).toContain('<a href="mailto:hi@example.com">mail</a>');
    expect(out).toContain('<img src="/uploads/abc123.png" alt="Desk" width="600" />');
    expect(out).toContain('<img src="https://cdn.example.com/x.jpg" alt="X" />');
    expect(out).toContain('<hr />');
  });

  it('removes scripts and their content', () => {
    expect(sanitizePostHtml('<p>Hi</p><script>alert(1)</script><style>p{}</style>')).toBe('<p>Hi</p>');
  });

  it('removes event handlers', () => {
    const out = sanitizePostHtml(
      '<img src="/uploads/a.png" onerror="alert(1)"><p onclick="steal()">text</p>',
    );
    expect(out).toBe('<img src="/uploads/a.png" /><p>text</p>');
  });

  it('removes javascript: and data: URLs, however they are written', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java&#x09;script:alert(1)',
      'data:text/html,<b>x</b>',
      'vbscript:x',
    ]) {
      const out = sanitizePostHtml(`<a href="${href}">click</a>`);
      expect(out).toBe('<a>click</a>');
    }
    expect(
      sanitizePostHtml('<img src="javascript:alert(1)"><img src="data:image/png;base64,AAAA"><p>x</p>'),
    ).toBe('<p>x</p>');
  });

  it('removes iframes, objects, forms and embedded SVG', () => {
    const out = sanitizePostHtml(
      '<iframe src="https://evil.example"></iframe><object data="x"></object><form action="/x"><input name="a"></form><svg onload="x()"><circle/></svg><p>ok</p>',
    );
    expect(out).toBe('<p>ok</p>');
  });

  it('keeps only text alignment from inline styles', () => {
    const out = sanitizePostHtml(
      '<p style="color: red; text-align: right; background-image: url(javascript:x)">a</p><span style="position:fixed">b</span><p style="text-align: expression(x)">c</p>',
    );
    expect(out).toBe('<p style="text-align:right">a</p><span>b</span><p>c</p>');
  });

  it('drops unknown attributes and classes, and odd image sizes', () => {
    const out = sanitizePostHtml(
      '<p class="evil" id="x" data-x="1">a</p><img src="/uploads/a.png" width="100px;x" height="50">',
    );
    expect(out).toBe('<p>a</p><img src="/uploads/a.png" height="50" />');
  });

  it('drops target values other than a new tab and unknown rel values', () => {
    expect(sanitizePostHtml('<a href="/blog" target="_top" rel="opener nofollow">x</a>')).toBe(
      '<a href="/blog" rel="nofollow">x</a>',
    );
  });
});

describe('image sizes in post HTML', () => {
  const html = sanitizePostHtml(
    '<p><img src="/uploads/a.png" alt="a"><img src="/uploads/b.jpg" width="50%">' +
      '<img src="https://example.com/c.jpg"><img src="/uploads/a.png" alt="again"></p>',
  );

  it('finds library images with neither a width nor a height, once each', () => {
    expect(unsizedUploads(html)).toEqual(['a.png']);
  });

  it('writes the known sizes and leaves everything else as it was', () => {
    const sized = withImageSizes(html, new Map([['a.png', { width: 800, height: 450 }]]));
    expect(sized).toBe(
      '<p><img src="/uploads/a.png" alt="a" width="800" height="450" /><img src="/uploads/b.jpg" width="50%" />' +
        '<img src="https://example.com/c.jpg" /><img src="/uploads/a.png" alt="again" width="800" height="450" /></p>',
    );
    expect(withImageSizes(sized, new Map([['a.png', { width: 1, height: 1 }]]))).toBe(sized);
  });
});
