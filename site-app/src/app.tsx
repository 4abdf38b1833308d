/**
 * The `site` remote's one exposed module. Inside the shell it renders under the shell's
 * BrowserRouter and QueryClientProvider and must not create its own; bootstrap.tsx adds them
 * for standalone development.
 */
import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
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

export default function App() {
  return (
    <ToastProvider>
      <Routes>
        <Route element={<SiteLayout />}>
          <Route index element={<HomePage />} />
          <Route path="contact" element={<ContactPage />} />
          <Route path="test-contact" element={<TestContactPage />} />
          <Route path="test-v2-contact" element={<TestV2ContactPage />} />
          <Route path="email-test" element={<EmailTestPage />} />
          <Route path="admin-email-test" element={<AdminEmailTestPage />} />
          <Route path="privacy-policy" element={<PrivacyPolicyPage />} />
          <Route path="terms-of-service" element={<TermsOfServicePage />} />
          <Route path="auth" element={<AuthPage />} />
          <Route path="reset-password" element={<ResetPasswordPage />} />
          <Route path="accept-invitation" element={<AcceptInvitationPage />} />
          <Route path="account" element={<AccountPage />} />
          <Route path="blog" element={<BlogPage />} />
          <Route path="blog/post/:slug" element={<BlogPostPage />} />
          <Route path="services" element={<ServicesRedirectPage />} />
          <Route path="section/:section" element={<SectionRedirectPage />} />
          <Route path="services-checkout" element={<ServicesCheckoutPage />} />
          <Route path="checkout" element={<CheckoutPage />} />
          <Route path="payment-success" element={<PaymentSuccessPage />} />
          <Route path="success" element={<SuccessPage />} />
          <Route path="portal" element={<PortalPage />} />
          <Route path="portal/sign-in" element={<PortalSignInPage />} />
          <Route path="portal/projects/:id" element={<PortalProjectPage />} />
          <Route path="pay/:token" element={<PayPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </ToastProvider>
  );
}
