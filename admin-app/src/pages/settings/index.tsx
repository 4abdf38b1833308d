import type { ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PageContainer,
  ProCard,
  ProForm,
  ProFormDigit,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import { Button, Result, Skeleton } from 'antd';
import {
  InstagramOutlined,
  LinkOutlined,
  SpotifyOutlined,
  XOutlined,
  YoutubeOutlined,
} from '@ant-design/icons';
import { LIMITS as SHARED_LIMITS, MESSAGES, type SiteSettings, type SocialLinks } from '@studio/shared';
import { BackToDashboardButton } from '../../components/back-to-dashboard-button';
import { PageTitle } from '../../components/page-title';
import { useToast } from '../../hooks/use-toast';
import { isForbidden } from '../../utils/errors';
import { getSettings, saveSettings, SETTINGS_QUERY_KEY } from './service';

const LIMITS = SHARED_LIMITS.settings;

/** Mirrors the server's limits (backend/src/settings/dto). */

const SOCIAL: { key: keyof SocialLinks; label: string; icon: ReactNode; example: string }[] = [
  {
    key: 'instagram',
    label: 'Instagram',
    icon: <InstagramOutlined />,
    example: 'https://instagram.com/yourstudio',
  },
  { key: 'youtube', label: 'YouTube', icon: <YoutubeOutlined />, example: 'https://youtube.com/@yourstudio' },
  {
    key: 'soundcloud',
    label: 'SoundCloud',
    icon: <LinkOutlined />,
    example: 'https://soundcloud.com/yourstudio',
  },
  {
    key: 'spotify',
    label: 'Spotify',
    icon: <SpotifyOutlined />,
    example: 'https://open.spotify.com/artist/…',
  },
  { key: 'x', label: 'X', icon: <XOutlined />, example: 'https://x.com/yourstudio' },
];

/** Empty inputs mean "none": sent as null so the server clears them. */
function normalise(values: SiteSettings): SiteSettings {
  const links = Object.fromEntries(
    SOCIAL.map(({ key }) => [key, values.socialLinks?.[key]?.trim() || null]),
  ) as unknown as SocialLinks;
  return {
    blogName: values.blogName.trim(),
    siteDescription: values.siteDescription?.trim() ?? '',
    adminNotifyEmail: values.adminNotifyEmail?.trim() ?? '',
    socialLinks: links,
    ...(values.extraRoundFeePence !== undefined && { extraRoundFeePence: values.extraRoundFeePence }),
    studioAddress: values.studioAddress?.trim() || null,
    vatNumber: values.vatNumber?.trim() || null,
  };
}

/** A few lines of text with a character counter (the site description, the studio address). */
function ShortTextArea({
  name,
  label,
  extra,
  maxLength,
}: {
  name: string;
  label: string;
  extra: string;
  maxLength: number;
}) {
  return (
    <ProFormTextArea
      name={name}
      label={label}
      width="lg"
      extra={extra}
      fieldProps={{ rows: 3, showCount: true, maxLength, style: { marginBottom: 20 } }}
    />
  );
}

export default function SettingsPage() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const { data, isLoading, error, refetch } = useQuery({
    queryKey: SETTINGS_QUERY_KEY,
    queryFn: getSettings,
    refetchOnMount: 'always',
  });

  let body;
  if (isLoading) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (isForbidden(error))
    body = (
      <Result
        status="403"
        title="Only admins can change the settings"
        subTitle="Ask an admin if the blog name, description or social links need to change."
      />
    );
  else if (error || !data)
    body = (
      <Result
        status="error"
        title="Could not load the settings"
        extra={<Button onClick={() => void refetch()}>Try again</Button>}
      />
    );
  else
    body = (
      <ProCard>
        <ProForm<SiteSettings>
          initialValues={data}
          layout="vertical"
          style={{ maxWidth: 640 }}
          submitter={{
            searchConfig: { submitText: 'Save settings', resetText: 'Reset' },
            resetButtonProps: { style: { display: 'none' } },
          }}
          onFinish={async (values) => {
            try {
              const res = await saveSettings(normalise(values));
              queryClient.setQueryData(SETTINGS_QUERY_KEY, res.settings);
              // Public pages read these through GET /api/settings.
              await queryClient.invalidateQueries({ queryKey: ['/api/settings'] });
              toast.success('Settings saved', 'The site uses the new settings from now on.');
              return true;
            } catch (err) {
              toast.failure(err, 'Failed to save settings.');
              return false;
            }
          }}
        >
          <ProForm.Group title="Blog" direction="vertical">
            <ProFormText
              name="blogName"
              label="Blog name"
              width="lg"
              extra="Shown in page titles ('Post title | blog name'), feeds and emails."
              rules={[
                { required: true, whitespace: true, message: 'Blog name is required' },
                {
                  max: LIMITS.blogNameMax,
                  message: `Blog name must be at most ${LIMITS.blogNameMax} characters`,
                },
              ]}
            />
            <ShortTextArea
              name="siteDescription"
              label="Site description"
              extra="Used as the description in search results and link previews."
              maxLength={LIMITS.siteDescriptionMax}
            />
            <ProFormText
              name="adminNotifyEmail"
              label="Admin notification email"
              width="lg"
              extra="Contact messages and admin test emails go to this address."
              rules={[
                {
                  // Like the server: a local address such as admin@localhost is fine.
                  pattern: /^[^\s@]+@[^\s@]+$/,
                  message: MESSAGES.adminNotifyEmail,
                },
              ]}
            />
            <ProFormDigit
              name="extraRoundFeePence"
              label="Extra revision round fee (pence)"
              width="sm"
              min={0}
              max={1_000_000}
              fieldProps={{ precision: 0 }}
              extra="What a client pays for a revision round beyond those their booking includes (2500 = £25)."
            />
          </ProForm.Group>
          <ProForm.Group title="Receipts" direction="vertical">
            <ShortTextArea
              name="studioAddress"
              label="Studio address"
              extra="Printed under the studio's name on every receipt, one line per line."
              maxLength={LIMITS.studioAddressMax}
            />
            <ProFormText
              name="vatNumber"
              label="VAT number"
              width="md"
              placeholder="GB 123 4567 89"
              extra="With a VAT number, receipts show the VAT included in each amount (20%). Leave empty if the studio is not VAT registered."
              rules={[
                {
                  pattern: /^[A-Za-z0-9 ]{4,30}$/,
                  message: 'The VAT number is 4 to 30 letters, digits and spaces (e.g. GB 123 4567 89)',
                },
              ]}
            />
          </ProForm.Group>
          <ProForm.Group title="Social links" direction="vertical">
            {SOCIAL.map(({ key, label, icon, example }) => (
              <ProFormText
                key={key}
                name={['socialLinks', key]}
                label={label}
                width="lg"
                placeholder={example}
                fieldProps={{ prefix: icon }}
                rules={[
                  { type: 'url', message: `The ${label} link must be a full http or https address` },
                  {
                    max: LIMITS.urlMax,
                    message: `The ${label} link must be at most ${LIMITS.urlMax} characters`,
                  },
                ]}
              />
            ))}
          </ProForm.Group>
        </ProForm>
      </ProCard>
    );

  return (
    <PageContainer
      title={<PageTitle>Settings</PageTitle>}
      content="The blog's name, description, notification address, receipt details and social links, used across the site, its emails, receipts and meta tags."
      extra={[<BackToDashboardButton key="back" />]}
    >
      {body}
    </PageContainer>
  );
}
