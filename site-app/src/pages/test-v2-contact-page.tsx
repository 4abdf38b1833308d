import { SITE_ROUTES } from '@studio/shared';
import { DevPage } from '../components/dev/dev-page';
import { TestContactForm } from '../components/dev/test-contact-form';

export default function TestV2ContactPage() {
  return (
    <DevPage
      title={SITE_ROUTES.testV2Contact.title}
      lead={
        <>
          Posts to <code>/api/contact-v2</code>, which also reports the admin notification, and shows the raw
          response.
        </>
      }
    >
      <TestContactForm version="v2" />
    </DevPage>
  );
}
