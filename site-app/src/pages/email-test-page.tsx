import { SITE_ROUTES } from '@studio/shared';
import * as Tabs from '@radix-ui/react-tabs';
import { AdminOnlyNotice, useIsAdmin } from '../components/dev/admin-only-notice';
import { DevPage } from '../components/dev/dev-page';
import { AdminTestTab, CustomerTestTab, MicrosoftTestTab } from '../components/dev/email-test-tabs';
import { EmailTips } from '../components/dev/email-tips';

/** /email-test: three ways to check that the studio's emails arrive (spec §2). */
export default function EmailTestPage() {
  const { isAdmin } = useIsAdmin();
  return (
    <DevPage
      title={SITE_ROUTES.emailTest.title}
      lead="Send test emails to the studio, to a customer address or to a Microsoft mailbox, and see the raw result."
    >
      <AdminOnlyNotice />
      <Tabs.Root defaultValue="admin" className="tabs card">
        <Tabs.List className="tabs__list tabs__list--3" aria-label="Email tests">
          <Tabs.Trigger value="admin" className="tabs__trigger">
            Admin Email Test
          </Tabs.Trigger>
          <Tabs.Trigger value="customer" className="tabs__trigger">
            Customer Email Test
          </Tabs.Trigger>
          <Tabs.Trigger value="microsoft" className="tabs__trigger">
            Microsoft Email Test
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="admin" className="tabs__content">
          <AdminTestTab canSend={isAdmin} />
        </Tabs.Content>
        <Tabs.Content value="customer" className="tabs__content">
          <CustomerTestTab canSend={isAdmin} />
        </Tabs.Content>
        <Tabs.Content value="microsoft" className="tabs__content">
          <MicrosoftTestTab canSend={isAdmin} />
        </Tabs.Content>
      </Tabs.Root>
      <EmailTips />
    </DevPage>
  );
}
