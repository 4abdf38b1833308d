import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SITE_ROUTES, type SiteRouteId } from '@studio/shared';
import { createTestApp, TestApp } from './support/test-app';

const SHELL = `<!doctype html><html lang="en"><head><meta charset="utf-8"/><title>Mixdown Studio</title></head><body><div id="root"></div></body></html>`;
const titleOf = (html: string) => /<title>([\s\S]*?)<\/title>/.exec(html)?.[1];
const robotsOf = (html: string) =>
  [...html.matchAll(/<meta name="robots" content="([^"]*)"\/>/g)].map((m) => m[1]);

/** A real path for each route of the shared list (parameters filled with plausible values). */
const SAMPLE: Record<SiteRouteId, string> = {
  home: '/',
  contact: '/contact',
  testContact: '/test-contact',
  testV2Contact: '/test-v2-contact',
  emailTest: '/email-test',
  adminEmailTest: '/admin-email-test',
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-service',
  auth: '/auth',
  resetPassword: '/reset-password',
  acceptInvitation: '/accept-invitation',
  account: '/account',
  blog: '/blog',
  // A post is answered from the database (site-seo.e2e-spec.ts); a missing one is its own 404.
  blogPost: '',
  services: '/services',
  section: '/section/pricing',
  servicesCheckout: '/services-checkout',
  checkout: '/checkout',
  paymentSuccess: '/payment-success',
  success: '/success',
  portal: '/portal',
  portalSignIn: '/portal/sign-in',
  portalProject: '/portal/projects/8d1f0c0e-1111-4222-8333-444455556666',
  pay: '/pay/Q2hlY2tvdXQtdG9rZW4tZm9yLXRlc3Rz',
};

/**
 * Every client page answers 200 with its own title (noindex where private), from the same list
 * the site's router is built from; anything else is the shell's 404.
 */
describe('Client routes of the shell (HTTP)', () => {
  let t: TestApp;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'studio-web-'));
    mkdirSync(join(webRoot, 'shell', 'dist'), { recursive: true });
    writeFileSync(join(webRoot, 'shell', 'dist', 'index.html'), SHELL);
    t = await createTestApp({ WEB_DIST_DIR: webRoot });
  });

  afterAll(async () => {
    await t?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('answers every route of the list with 200, its title and noindex where private', async () => {
    for (const id of Object.keys(SITE_ROUTES) as SiteRouteId[]) {
      const path = SAMPLE[id];
      if (!path) continue;
      const route = SITE_ROUTES[id];
      const res = await t.http().get(path);
      expect([path, res.status]).toEqual([path, 200]);
      expect([path, res.headers['content-type']]).toEqual([path, 'text/html; charset=utf-8']);
      expect([path, titleOf(res.text)]).toEqual([
        path,
        route.title ? `${route.title.replace(/&/g, '&amp;')} | Mixdown Studio` : 'Mixdown Studio',
      ]);
      expect([path, robotsOf(res.text)]).toEqual([
        path,
        'noindex' in route && route.noindex ? ['noindex'] : [],
      ]);
    }
  });

  it('serves the client pages the issue found answering 404, private and titled', async () => {
    const expected: [string, string][] = [
      ['/portal', 'Your projects'],
      ['/portal/', 'Your projects'],
      ['/portal/sign-in', 'Signing in'],
      ['/portal/projects/8d1f0c0e-1111-4222-8333-444455556666', 'Your project'],
      ['/pay/Q2hlY2tvdXQtdG9rZW4tZm9yLXRlc3Rz?paid=1', 'Pay your balance'],
      ['/accept-invitation?token=abc', 'Accept your invitation'],
      ['/reset-password?token=abc', 'Reset your password'],
    ];
    for (const [path, title] of expected) {
      const res = await t.http().get(path);
      expect([path, res.status, titleOf(res.text), robotsOf(res.text)]).toEqual([
        path,
        200,
        `${title} | Mixdown Studio`,
        ['noindex'],
      ]);
      // A private page has no canonical URL or preview tags to leak.
      expect(res.text).not.toContain('rel="canonical"');
    }
  });

  it('answers 404 with noindex for paths no page answers', async () => {
    for (const path of [
      '/nowhere',
      '/portal/projects',
      '/portal/projects/a/b',
      '/pay',
      '/pay/a/b',
      '/section',
      '/contact/more',
    ]) {
      const res = await t.http().get(path);
      expect([path, res.status, titleOf(res.text), robotsOf(res.text)]).toEqual([
        path,
        404,
        'Page Not Found | Mixdown Studio',
        ['noindex'],
      ]);
    }
  });
});
