import { useState } from 'react';
import { PageContainer, ProCard } from '@ant-design/pro-components';
import { Alert, Button, Descriptions, Form, Input, Space, Typography } from 'antd';
import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import type { DataErasureResult } from '@studio/shared';
import { useConfirm } from '../../components/confirm';
import { PageTitle } from '../../components/page-title';
import { useToast } from '../../hooks/use-toast';
import { downloadJson, eraseData, exportData } from './service';

export default function DataRequestsPage() {
  const toast = useToast();
  const { confirm } = useConfirm();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [counts, setCounts] = useState<Record<string, number> | null>(null);
  const [erased, setErased] = useState<DataErasureResult | null>(null);
  const address = email.trim();

  const onExport = async () => {
    setBusy(true);
    try {
      const data = await exportData(address);
      setCounts(Object.fromEntries(Object.entries(data.sections).map(([k, v]) => [k, v.length])));
      downloadJson(data);
    } catch (err) {
      toast.failure(err, 'The export failed.');
    } finally {
      setBusy(false);
    }
  };

  const onErase = () =>
    confirm({
      title: `Erase everything held about ${address}?`,
      content:
        'Contact messages, the newsletter subscription, unused referral codes and blog comments are deleted; payments are anonymised. This cannot be undone. Export first if the person asked for a copy.',
      okText: 'Erase',
      onOk: async () => {
        try {
          const res = await eraseData(address);
          setErased(res);
          toast.success('Erased', res.message);
        } catch (err) {
          toast.failure(err, 'The erasure failed.');
        }
      },
    });

  return (
    <PageContainer
      title={<PageTitle>Data requests</PageTitle>}
      content="When someone asks what we hold about them, or asks us to forget them (privacy policy), act on it here for their email address."
    >
      <ProCard bordered style={{ maxWidth: 760 }}>
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Form layout="vertical" onSubmitCapture={(e) => e.preventDefault()}>
            <Form.Item label="Email address" htmlFor="data-request-email" style={{ marginBottom: 0 }}>
              <Input
                id="data-request-email"
                type="email"
                value={email}
                onChange={(e) => {
                  setEmail(e.target.value);
                  setCounts(null);
                  setErased(null);
                }}
                placeholder="person@example.com"
              />
            </Form.Item>
          </Form>
          <Space wrap>
            <Button
              type="primary"
              icon={<DownloadOutlined />}
              disabled={!address || busy}
              onClick={() => void onExport()}
            >
              Export as JSON
            </Button>
            <Button danger icon={<DeleteOutlined />} disabled={!address || busy} onClick={onErase}>
              Erase
            </Button>
          </Space>
          {counts && (
            <Descriptions title="In the export" size="small" column={2} bordered>
              {Object.entries(counts).map(([section, n]) => (
                <Descriptions.Item key={section} label={section}>
                  {n}
                </Descriptions.Item>
              ))}
            </Descriptions>
          )}
          {erased && (
            <Alert
              type={erased.files.failed ? 'warning' : 'success'}
              showIcon
              message={erased.message}
              description={
                <Typography.Text style={{ fontSize: 12 }}>
                  {Object.entries(erased.erased)
                    .map(([k, c]) => `${k}: ${c.deleted} deleted, ${c.anonymised} anonymised`)
                    .concat(
                      `project files: ${erased.files.removed} removed from storage` +
                        (erased.files.failed ? `, ${erased.files.failed} not yet (see the server log)` : ''),
                    )
                    .join(' · ')}
                </Typography.Text>
              }
            />
          )}
        </Space>
      </ProCard>
    </PageContainer>
  );
}
