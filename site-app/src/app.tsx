/**
 * The `site` remote's one exposed module. Inside the shell it renders under the shell's
 * BrowserRouter and QueryClientProvider and must not create its own; bootstrap.tsx adds them
 * for standalone development. Its routes are the shared SITE_ROUTES, the list the backend answers
 * 200 (and the page's title) for: a page exists in both places or in neither.
 */
import { lazy, type ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { SITE_ROUTES, type SiteRouteId } from '@studio/shared';
import { SiteLayout } from './components/site-layout';
import { ToastProvider } from './toast/toast-provider';
// Before the pages below, so their own styles come later in the cascade.
import './styles/site.css';
// The two pages most visits start on ship with the app itself, saving a phone one round trip
// before the first paint; their below-the-fold parts load on demand.
import HomePage from './pages/home-page';
import ContactPage from './pages/contact-page';
import SectionRedirectPage from './pages/section-redirect-page';
import ServicesRedirectPage from './pages/services-redirect-page';

// One chunk per page, so the home page downloads only what it shows.
const AuthPage = lazy(() => import(/* webpackChunkName: "page-auth" */ './pages/auth-page'));
const ResetPasswordPage = lazy(
  () => import(/* webpackChunkName: "page-reset-password" */ './pages/reset-password-page'),
);
const AcceptInvitationPage = lazy(
  () => import(/* webpackChunkName: "page-accept-invitation" */ './pages/accept-invitation-page'),
);
const TestContactPage = lazy(
  () => import(/* webpackChunkName: "page-test-contact" */ './pages/test-contact-page'),
);
const TestV2ContactPage = lazy(
  () => import(/* webpackChunkName: "page-test-v2-contact" */ './pages/test-v2-contact-page'),
);
const EmailTestPage = lazy(() => import(/* webpackChunkName: "page-email-test" */ './pages/email-test-page'));
const AdminEmailTestPage = lazy(
  () => import(/* webpackChunkName: "page-admin-email-test" */ './pages/admin-email-test-page'),
);
const PrivacyPolicyPage = lazy(
  () => import(/* webpackChunkName: "page-privacy-policy" */ './pages/privacy-policy-page'),
);
const TermsOfServicePage = lazy(
  () => import(/* webpackChunkName: "page-terms-of-service" */ './pages/terms-of-service-page'),
);
const AccountPage = lazy(() => import(/* webpackChunkName: "page-account" */ './pages/account-page'));
const BlogPage = lazy(() => import(/* webpackChunkName: "page-blog" */ './pages/blog-page'));
const BlogPostPage = lazy(() => import(/* webpackChunkName: "page-blog-post" */ './pages/blog-post-page'));
const ServicesCheckoutPage = lazy(
  () => import(/* webpackChunkName: "page-services-checkout" */ './pages/services-checkout-page'),
);
const CheckoutPage = lazy(() => import(/* webpackChunkName: "page-checkout" */ './pages/checkout-page'));
const PaymentSuccessPage = lazy(
  () => import(/* webpackChunkName: "page-payment-success" */ './pages/payment-success-page'),
);
const SuccessPage = lazy(() => import(/* webpackChunkName: "page-success" */ './pages/success-page'));
// The client portal: its own chunks, and Uppy only inside the project page's upload area.
const PortalPage = lazy(() => import(/* webpackChunkName: "page-portal" */ './pages/portal-page'));
const PortalSignInPage = lazy(
  () => import(/* webpackChunkName: "page-portal-sign-in" */ './pages/portal-sign-in-page'),
);
const PortalProjectPage = lazy(
  () => import(/* webpackChunkName: "page-portal-project" */ './pages/portal-project-page'),
);
const PayPage = lazy(() => import(/* webpackChunkName: "page-pay" */ './pages/pay-page'));
const NotFoundPage = lazy(() => import(/* webpackChunkName: "page-not-found" */ './pages/not-found-page'));

/** The page of each route in the shared list: a route without a page is a compile error. */
const PAGES: Record<SiteRouteId, ComponentType> = {
  home: HomePage,
  contact: ContactPage,
  testContact: TestContactPage,
  testV2Contact: TestV2ContactPage,
  emailTest: EmailTestPage,
  adminEmailTest: AdminEmailTestPage,
  privacyPolicy: PrivacyPolicyPage,
  termsOfService: TermsOfServicePage,
  auth: AuthPage,
  resetPassword: ResetPasswordPage,
  acceptInvitation: AcceptInvitationPage,
  account: AccountPage,
  blog: BlogPage,
  blogPost: BlogPostPage,
  services: ServicesRedirectPage,
  section: SectionRedirectPage,
  servicesCheckout: ServicesCheckoutPage,
  checkout: CheckoutPage,
  paymentSuccess: PaymentSuccessPage,
  success: SuccessPage,
  portal: PortalPage,
  portalSignIn: PortalSignInPage,
  portalProject: PortalProjectPage,
  pay: PayPage,
};

const ROUTE_IDS = Object.keys(SITE_ROUTES) as SiteRouteId[];

export default function App() {
  return (
    <ToastProvider>
      <Routes>
        <Route element={<SiteLayout />}>
          {ROUTE_IDS.map((id) => {
            const Page = PAGES[id];
            const path = SITE_ROUTES[id].path;
            return path === '/' ? (
              <Route key={id} index element={<Page />} />
            ) : (
              <Route key={id} path={path.slice(1)} element={<Page />} />
            );
          })}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </ToastProvider>
  );
}
