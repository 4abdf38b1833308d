import { indexablePaths, matchSiteRoute, sitePath } from './site-routes';

describe('site routes', () => {
  it('matches each client page, with or without a trailing slash, and its parameters', () => {
    expect(matchSiteRoute('/')?.id).toBe('home');
    expect(matchSiteRoute('/contact/')?.id).toBe('contact');
    expect(matchSiteRoute('/portal')?.id).toBe('portal');
    expect(matchSiteRoute('/portal/sign-in')?.id).toBe('portalSignIn');
    expect(matchSiteRoute('/portal/projects/8d1f0c0e-1111-4222-8333-444455556666')?.id).toBe('portalProject');
    expect(matchSiteRoute('/pay/abc_DEF-123')?.id).toBe('pay');
    expect(matchSiteRoute('/blog/post/hello-world')?.id).toBe('blogPost');
    expect(matchSiteRoute('/admin')?.id).toBe('admin');
    expect(matchSiteRoute('/admin/posts/12')?.id).toBe('admin');
  });

  it('knows nothing else', () => {
    for (const path of ['//', '/nope', '/portal/projects', '/portal/projects/a/b', '/pay', '/administrator'])
      expect([path, matchSiteRoute(path)]).toEqual([path, null]);
  });

  it('marks the private pages noindex', () => {
    expect(matchSiteRoute('/portal/projects/x')?.route.noindex).toBe(true);
    expect(matchSiteRoute('/pay/x')?.route.noindex).toBe(true);
    expect(matchSiteRoute('/contact')?.route.noindex).toBeUndefined();
  });

  it('lists the indexable pages without parameters for the sitemap', () => {
    expect(indexablePaths().sort()).toEqual(
      ['/', '/blog', '/contact', '/privacy-policy', '/services-checkout', '/terms-of-service'].sort(),
    );
  });

  it('fills in parameters', () => {
    expect(sitePath('portalProject', { id: 'a b' })).toBe('/portal/projects/a%20b');
    expect(() => sitePath('pay')).toThrow(/:token/);
  });
});
