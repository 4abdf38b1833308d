import { SITE_ROUTES } from '@studio/shared';
import { DevPage } from '../components/dev/dev-page';
import { TestContactForm } from '../components/dev/test-contact-form';

export default function TestContactPage() {
  return (
    <DevPage
      title={SITE_ROUTES.testContact.title}
      lead={
        <>
          Posts to <code>/api/contact</code> and shows the raw response, to check the contact pipeline end to
          end.
        </>
      }
    >
      <TestContactForm version="v1" />
    </DevPage>
  );
}
