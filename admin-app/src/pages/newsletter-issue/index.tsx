/**
 * /admin/newsletter/{id|new}: write an issue with the post editor, preview it as the mail at
 * phone and desktop width, mail a test to yourself, and send it. Once sent it is read-only and
 * shows its live delivery counts; a send can be paused half-way and resumed later.
 */
import { useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PageContainer, ProCard } from '@ant-design/pro-components';
import { Alert, App, Button, Form, Input, Space, Spin } from 'antd';
import {
  CaretRightOutlined,
  EyeOutlined,
  MailOutlined,
  PauseOutlined,
  SaveOutlined,
  SendOutlined,
} from '@ant-design/icons';
import {
  NEWSLETTER_ISSUE_LIMITS as L,
  NEWSLETTER_ISSUE_MESSAGES as M,
  type NewsletterIssueInput,
  type NewsletterPreview,
} from '@studio/shared';
import { ConfirmButton } from '../../components/confirm';
import { PageTitle } from '../../components/page-title';
import { useToast } from '../../hooks/use-toast';
import { fieldErrors } from '../../utils/errors';
import { formatDateTime } from '../../utils/format';
import { RichTextEditor } from '../post-editor/components/rich-text-editor';
import { IssueProgress } from '../newsletter/components/issue-progress';
import { IssueStateTag } from '../newsletter/components/issue-state-tag';
import { MailPreviewModal } from '../newsletter/components/mail-preview-modal';
import {
  createIssue,
  getIssue,
  issueQueryKey,
  pauseIssue,
  previewIssue,
  resumeIssue,
  sendIssue,
  sendTest,
  updateIssue,
} from '../newsletter/service';

type Busy = 'save' | 'preview' | 'test' | 'send' | 'pause' | 'resume' | null;

export default function NewsletterIssuePage() {
  const { issueId } = useParams();
  const id = issueId && issueId !== 'new' ? Number(issueId) : null;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const { message } = App.useApp();
  const [form] = Form.useForm<NewsletterIssueInput>();
  const [busy, setBusy] = useState<Busy>(null);
  // A second click in the same tick sees no state yet: the ref keeps one action at a time.
  const inFlight = useRef(false);
  const [preview, setPreview] = useState<NewsletterPreview | null>(null);

  const query = useQuery({
    queryKey: issueQueryKey(id ?? 0),
    queryFn: () => getIssue(id!),
    enabled: id !== null,
    // Live progress while the mails go out; paused, only the last mails in flight still land.
    refetchInterval: (q) => {
      const state = q.state.data?.issue.state;
      return state === 'sending' ? 1000 : state === 'paused' ? 5000 : false;
    },
  });
  const issue = query.data?.issue;
  const draft = id === null || issue?.state === 'draft';

  const run = async (what: Exclude<Busy, null>, work: () => Promise<void>, failed: string) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(what);
    try {
      await work();
    } catch (err) {
      // The form's own checks already show under the fields.
      if (err && typeof err === 'object' && 'errorFields' in err) return;
      const errors = fieldErrors(err);
      if (errors.length)
        form.setFields(
          errors.map((e) => ({ name: e.field as keyof NewsletterIssueInput, errors: [e.message] })),
        );
      toast.failure(err, failed);
    } finally {
      inFlight.current = false;
      setBusy(null);
    }
  };

  /** Saves the form; returns the issue's id (a new issue gets one and its own URL). */
  const save = async (): Promise<number> => {
    const values = await form.validateFields();
    if (id === null) {
      const created = await createIssue(values);
      queryClient.setQueryData(issueQueryKey(created.id), { issue: created, audience: 0 });
      navigate(`/admin/newsletter/${created.id}`, { replace: true });
      return created.id;
    }
    await updateIssue(id, values);
    await queryClient.invalidateQueries({ queryKey: issueQueryKey(id) });
    return id;
  };

  if (id !== null && query.isLoading) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (id !== null && query.isError)
    return <Alert type="error" showIcon message="Failed to load this issue." style={{ margin: 24 }} />;

  const values = issue
    ? { subject: issue.subject, preheader: issue.preheader, bodyHtml: issue.bodyHtml }
    : undefined;
  const audience = query.data?.audience ?? 0;

  return (
    <PageContainer
      title={<PageTitle>{id === null ? 'New newsletter issue' : 'Newsletter issue'}</PageTitle>}
      onBack={() => navigate('/admin/newsletter')}
      tags={issue ? <IssueStateTag state={issue.state} /> : undefined}
      extra={
        <Space wrap>
          <Button
            icon={<EyeOutlined />}
            loading={busy === 'preview'}
            onClick={() =>
              run(
                'preview',
                async () => setPreview(await previewIssue(draft ? await form.validateFields() : values!)),
                'Failed to render the preview.',
              )
            }
          >
            Preview
          </Button>
          {draft && (
            <Button
              icon={<SaveOutlined />}
              loading={busy === 'save'}
              onClick={() =>
                run(
                  'save',
                  async () => void (await save(), message.success('Issue saved')),
                  'Failed to save the issue.',
                )
              }
            >
              Save draft
            </Button>
          )}
          {id !== null && (
            <Button
              icon={<MailOutlined />}
              loading={busy === 'test'}
              onClick={() =>
                run(
                  'test',
                  async () => {
                    if (draft) await save();
                    message.success((await sendTest(id)).message);
                  },
                  'Failed to send the test mail.',
                )
              }
            >
              Send test to me
            </Button>
          )}
          {id !== null && issue?.state === 'sending' && (
            <Button
              icon={<PauseOutlined />}
              loading={busy === 'pause'}
              disabled={!!busy}
              onClick={() =>
                run(
                  'pause',
                  async () => {
                    const res = await pauseIssue(id);
                    queryClient.setQueryData(issueQueryKey(id), { issue: res.issue, audience });
                    message.success(res.message);
                  },
                  'Failed to pause the issue.',
                )
              }
            >
              Pause sending
            </Button>
          )}
          {id !== null && issue?.state === 'paused' && (
            <ConfirmButton
              title="Resume sending?"
              description={`The ${issue.progress.remaining} subscriber${issue.progress.remaining === 1 ? '' : 's'} not mailed yet get this issue, once each.`}
              okText="Resume"
              onConfirm={() =>
                run(
                  'resume',
                  async () => {
                    const res = await resumeIssue(id);
                    queryClient.setQueryData(issueQueryKey(id), { issue: res.issue, audience });
                    message.success(res.message);
                  },
                  'Failed to resume the issue.',
                )
              }
            >
              <Button
                type="primary"
                icon={<CaretRightOutlined />}
                loading={busy === 'resume'}
                disabled={!!busy}
              >
                Resume sending
              </Button>
            </ConfirmButton>
          )}
          {draft && (
            <ConfirmButton
              title="Send this issue now?"
              description={
                id === null
                  ? 'It will be saved and sent to every confirmed subscriber.'
                  : `It goes to ${audience} confirmed subscriber${audience === 1 ? '' : 's'}. This cannot be undone.`
              }
              okText="Send"
              onConfirm={() =>
                run(
                  'send',
                  async () => {
                    const saved = await save();
                    const res = await sendIssue(saved);
                    queryClient.setQueryData(issueQueryKey(saved), { issue: res.issue, audience });
                    message.success(res.message);
                  },
                  'Failed to send the issue.',
                )
              }
            >
              <Button type="primary" icon={<SendOutlined />} loading={busy === 'send'} disabled={!!busy}>
                Send to subscribers
              </Button>
            </ConfirmButton>
          )}
        </Space>
      }
    >
      {issue && issue.state !== 'draft' && (
        <ProCard title="Delivery" bordered style={{ marginBottom: 16 }}>
          {issue.state === 'paused' && (
            <Alert type="warning" showIcon message={M.paused} style={{ marginBottom: 12 }} />
          )}
          <IssueProgress progress={issue.progress} paused={issue.state === 'paused'} />
          <div style={{ marginTop: 8 }}>
            Started {formatDateTime(issue.sendStartedAt)}
            {issue.sentBy ? ` by ${issue.sentBy}` : ''}
            {issue.sentAt ? `; finished ${formatDateTime(issue.sentAt)}` : ''}
          </div>
        </ProCard>
      )}
      <ProCard bordered>
        <Form<NewsletterIssueInput>
          form={form}
          layout="vertical"
          initialValues={values ?? { subject: '', preheader: '', bodyHtml: '' }}
          disabled={!draft}
          key={issue?.id ?? 'new'}
        >
          <Form.Item
            name="subject"
            label="Subject"
            rules={[
              { required: true, min: L.subjectMin, max: L.subjectMax, whitespace: true, message: M.subject },
            ]}
          >
            <Input maxLength={L.subjectMax} />
          </Form.Item>
          <Form.Item
            name="preheader"
            label="Preview text"
            extra="The line inboxes show after the subject."
            rules={[{ max: L.preheaderMax, message: M.preheader }]}
          >
            <Input maxLength={L.preheaderMax} />
          </Form.Item>
          <Form.Item name="bodyHtml" label="Issue" rules={[{ required: true, message: M.body }]}>
            {draft ? (
              <RichTextEditor label="Issue" />
            ) : (
              // A sent issue is shown, not edited.
              <div
                className="newsletter-issue-body"
                dangerouslySetInnerHTML={{ __html: issue?.bodyHtml ?? '' }}
              />
            )}
          </Form.Item>
        </Form>
      </ProCard>
      <MailPreviewModal preview={preview} onClose={() => setPreview(null)} />
    </PageContainer>
  );
}
