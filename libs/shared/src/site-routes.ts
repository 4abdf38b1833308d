/**
 * Every client-side route of the public site, in one list: the site remote builds its router
 * from it (each id must have a page, a compile error otherwise) and the backend answers a GET
 * with 200, this title and `noindex` for the routes listed here, 404 for anything else. A page
 * added in one place only cannot drift from the other.
 *
 * - `path` is a react-router pattern (`:name` is one segment).
 * - `title` is the document title before the brand ("Contact | Studio"); null is the brand alone.
 *   Pages whose title depends on their data (a blog post, a project) set a better one once loaded.
 * - `noindex`: a private or throw-away page (a client's project, a payment link, a sign-in step,
 *   a developer tool) that search engines must not keep.
 * - `redirect`: the route only forwards to another page (never listed in the sitemap).
 */
export interface SiteRoute {
  path: string;
  title: string | null;
  noindex?: boolean;
  redirect?: boolean;
}

export const SITE_ROUTES = {
  home: { path: '/', title: null },
  contact: { path: '/contact', title: 'Contact' },
  testContact: { path: '/test-contact', title: 'Test Contact Form', noindex: true },
  testV2Contact: { path: '/test-v2-contact', title: 'Test Contact Form (V2)', noindex: true },
  emailTest: { path: '/email-test', title: 'Email Testing Tools', noindex: true },
  adminEmailTest: { path: '/admin-email-test', title: 'Admin Email Test', noindex: true },
  privacyPolicy: { path: '/privacy-policy', title: 'Privacy Policy' },
  termsOfService: { path: '/terms-of-service', title: 'Terms of Service' },
  auth: { path: '/auth', title: 'Login or Register', noindex: true },
  resetPassword: { path: '/reset-password', title: 'Reset your password', noindex: true },
  acceptInvitation: { path: '/accept-invitation', title: 'Accept your invitation', noindex: true },
  account: { path: '/account', title: 'My Account', noindex: true },
  blog: { path: '/blog', title: 'Blog' },
  blogPost: { path: '/blog/post/:slug', title: 'Blog' },
  services: { path: '/services', title: null, redirect: true },
  section: { path: '/section/:section', title: null, redirect: true },
  servicesCheckout: { path: '/services-checkout', title: 'Book & Pay' },
  checkout: { path: '/checkout', title: 'Checkout', noindex: true },
  paymentSuccess: { path: '/payment-success', title: 'Payment', noindex: true },
  success: { path: '/success', title: 'Payment Successful!', noindex: true },
  portal: { path: '/portal', title: 'Your projects', noindex: true },
  portalSignIn: { path: '/portal/sign-in', title: 'Signing in', noindex: true },
  portalProject: { path: '/portal/projects/:id', title: 'Your project', noindex: true },
  pay: { path: '/pay/:token', title: 'Pay your balance', noindex: true },
} as const satisfies Record<string, SiteRoute>;

export type SiteRouteId = keyof typeof SITE_ROUTES;

/** The staff area: the shell hands everything under it to the admin remote, which routes inside. */
export const ADMIN_ROUTE: SiteRoute = { path: '/admin/*', title: 'Admin', noindex: true };

export const NOT_FOUND_TITLE = 'Page Not Found';

function patternOf(path: string): RegExp {
  if (path.endsWith('/*')) {
    const base = path.slice(0, -2).replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    return new RegExp(`^${base}(?:/.*)?$`);
  }
  const source = path
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  // A trailing slash finds the same page, as the router does.
  return new RegExp(source === '/' ? '^/$' : `^${source}/?$`);
}

const MATCHERS: [SiteRouteId | 'admin', RegExp][] = [
  ...(Object.keys(SITE_ROUTES) as SiteRouteId[]).map(
    (id) => [id, patternOf(SITE_ROUTES[id].path)] as [SiteRouteId, RegExp],
  ),
  ['admin', patternOf(ADMIN_ROUTE.path)],
];

/** The route a path (no query) is, or null for a path no page answers. */
export function matchSiteRoute(pathname: string): { id: SiteRouteId | 'admin'; route: SiteRoute } | null {
  for (const [id, pattern] of MATCHERS) {
    if (pattern.test(pathname)) return { id, route: id === 'admin' ? ADMIN_ROUTE : SITE_ROUTES[id] };
  }
  return null;
}

/** Paths worth a search engine's time: indexable pages without parameters that are not redirects. */
export function indexablePaths(): string[] {
  return Object.values(SITE_ROUTES as Record<string, SiteRoute>)
    .filter((r) => !r.noindex && !r.redirect && !r.path.includes(':'))
    .map((r) => r.path);
}

/** The path of a route with its parameters filled in (each one URL-encoded). */
export function sitePath(id: SiteRouteId, params: Record<string, string> = {}): string {
  return SITE_ROUTES[id].path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`sitePath(${id}): missing ":${name}"`);
    return encodeURIComponent(value);
  });
}
