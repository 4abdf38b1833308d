import { SITE_ROUTES } from '@studio/shared';
import { AdminOnlyNotice, useIsAdmin } from '../components/dev/admin-only-notice';
import { DevPage } from '../components/dev/dev-page';
import { AdminTestTab, CustomerTestTab, MicrosoftTestTab } from '../components/dev/email-test-tabs';
import { EmailTips } from '../components/dev/email-tips';
import { Tabs } from '../components/ui/tabs';

/** /email-test: three ways to check that the studio's emails arrive (spec §2). */
export default function EmailTestPage() {
  const { isAdmin } = useIsAdmin();
  return (
    <DevPage
      title={SITE_ROUTES.emailTest.title}
      lead="Send test emails to the studio, to a customer address or to a Microsoft mailbox, and see the raw result."
    >
      <AdminOnlyNotice />
      <Tabs
        label="Email tests"
        className="card"
        listClassName="tabs__list--3"
        tabs={[
          { value: 'admin', label: 'Admin Email Test', content: <AdminTestTab canSend={isAdmin} /> },
          { value: 'customer', label: 'Customer Email Test', content: <CustomerTestTab canSend={isAdmin} /> },
          {
            value: 'microsoft',
            label: 'Microsoft Email Test',
            content: <MicrosoftTestTab canSend={isAdmin} />,
          },
        ]}
      />
      <EmailTips />
    </DevPage>
  );
}
