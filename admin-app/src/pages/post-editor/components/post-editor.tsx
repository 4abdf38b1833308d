/**
 * The post editor (spec §2, §4, §5): tabs Content, Settings and SEO, a side card with the
 * save button, the autosave state, publishing tips and Debug Test.
 *
 * Guarantees: the slug follows the title until someone edits it; the meta title follows the
 * title while empty or unchanged; a draft autosaves at most every 30 s; leaving with unsaved
 * changes asks first (the browser's own prompt for closing or reloading the tab).
 *
 * The tabs (components/tabs/), the side card (publish-card.tsx) and saving
 * (hooks/use-persist-post.ts) live on their own; this file holds the form's state and wiring.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PageContainer, ProForm } from '@ant-design/pro-components';
import dayjs from 'dayjs';
import { App, Button, Card, Col, Form, Row, Space, Tabs } from 'antd';
import { ArrowLeftOutlined, EyeOutlined } from '@ant-design/icons';
import { scoreSeo, slugAfterTitleChange, type BlogPostDto } from '@studio/shared';
import { useConfirm } from '../../../components/confirm';
import { PageTitle } from '../../../components/page-title';
import { ToneTag } from '../../../components/tone-tag';
import { useBeforeUnload } from '../../../hooks/use-before-unload';
import { autosaveInterval, useAutosave } from '../hooks/use-autosave';
import { isScheduled, usePersistPost } from '../hooks/use-persist-post';
import {
  EMPTY_POST,
  FIELD_TAB,
  fromPost,
  toPayload,
  type EditorTab,
  type PostFormValues,
} from '../post-form';
import { saveTarget } from '../service';
import { DebugPayload } from './debug-payload';
import { PublishCard } from './publish-card';
import { PublishingTips } from './publishing-tips';
import { ContentTab } from './tabs/content-tab';
import { SeoTab, SeoTabLabel } from './tabs/seo-tab';
import { SettingsTab } from './tabs/settings-tab';

interface Props {
  /** The post as loaded, or null for a new post. Read once, on mount. */
  initialPost: BlogPostDto | null;
  /** Called after the first save of a new post (the page then moves to /admin/posts/{id}). */
  onCreated(post: BlogPostDto): void;
  /** Autosave interval; browser tests shorten it (see autosaveInterval()). */
  autosaveIntervalMs?: number;
}

const snapshot = (values: PostFormValues, file: File | null) =>
  JSON.stringify(toPayload(values)) + (file ? `|${file.name}:${file.size}:${file.lastModified}` : '');

export function PostEditor({ initialPost, onCreated, autosaveIntervalMs = autosaveInterval() }: Props) {
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const { confirm } = useConfirm();
  const [form] = Form.useForm<PostFormValues>();

  const [initialValues] = useState<PostFormValues>(() => (initialPost ? fromPost(initialPost) : EMPTY_POST));
  // A mirror of the form's values, so render can read them (score, dirty state, Debug Test).
  const [values, setValues] = useState<PostFormValues>(initialValues);
  const [baseline, setBaseline] = useState<PostFormValues>(initialValues);
  const [pendingFile, setPendingFile] = useState<File | null>(null);
  const [activeTab, setActiveTab] = useState<EditorTab>('content');
  const titleRef = useRef(initialValues.title);

  const dirty = snapshot(values, pendingFile) !== snapshot(baseline, null);
  useBeforeUnload(dirty);

  /** Sets fields from code (antd does not report those as changes) and keeps the mirror in step. */
  const patchFields = useCallback(
    (patch: Partial<PostFormValues>) => {
      form.setFieldsValue(patch);
      setValues((v) => ({ ...v, ...patch }));
    },
    [form],
  );

  const onValuesChange = (changed: Partial<PostFormValues>, all: PostFormValues) => {
    const next: PostFormValues = { ...values, ...all };
    if ('title' in changed) {
      const previous = titleRef.current;
      const title = changed.title ?? '';
      titleRef.current = title;
      const slug = slugAfterTitleChange(next.slug ?? '', previous, title);
      const metaTitle = !next.metaTitle?.trim() || next.metaTitle === previous ? title : next.metaTitle;
      if (slug !== next.slug || metaTitle !== next.metaTitle) {
        form.setFieldsValue({ slug, metaTitle });
        next.slug = slug;
        next.metaTitle = metaTitle;
      }
    }
    setValues(next);
  };

  /** The editor rewrote the HTML it was given: not an edit, so the baseline moves too. */
  const onContentNormalized = useCallback(
    (html: string) => {
      setBaseline((b) => (b.content === form.getFieldValue('content') ? { ...b, content: html } : b));
      patchFields({ content: html });
    },
    [form, patchFields],
  );

  const report = useMemo(
    () =>
      scoreSeo({
        title: values.title ?? '',
        metaTitle: values.metaTitle || values.title,
        metaDescription: values.metaDescription,
        focusKeyword: values.focusKeyword,
        content: values.content ?? '',
        featuredImage: values.featuredImage || pendingFile?.name || null,
      }),
    [values, pendingFile],
  );

  const onSaved = useCallback(
    ({
      baseline: next,
      patch,
      file,
    }: {
      baseline: PostFormValues;
      patch: Partial<PostFormValues>;
      file: File | null;
    }) => {
      patchFields(patch);
      setBaseline(next);
      setPendingFile((current) => (current === file ? null : current));
    },
    [patchFields],
  );
  const onInvalidField = useCallback((field: keyof PostFormValues) => setActiveTab(FIELD_TAB[field]), []);
  const { persist, saving, savedPost, lastSavedAt, savedAt } = usePersistPost({
    form,
    initialPost,
    pendingFile,
    onSaved,
    onInvalidField,
    onCreated,
  });
  const postId = savedPost?.id ?? null;

  // Drafts only: a published post changes when someone chooses to update it.
  const autosaveEligible =
    dirty &&
    saving === null &&
    values.status === 'draft' &&
    (savedPost === null || savedPost.status === 'draft');
  useAutosave({
    eligible: autosaveEligible,
    save: () => persist('auto'),
    lastSavedAt,
    intervalMs: autosaveIntervalMs,
  });

  // Ctrl/Cmd+S saves, as in any editor.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        void persist('manual');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [persist]);

  const leave = (to: string) => {
    if (!dirty) {
      navigate(to);
      return;
    }
    confirm({
      title: 'Leave without saving?',
      content: 'You have unsaved changes to this post. If you leave now, they will be lost.',
      okText: 'Leave',
      cancelText: 'Stay',
      onOk: () => navigate(to),
    });
  };

  const showDebug = () => {
    const payload = toPayload({ ...EMPTY_POST, ...form.getFieldsValue(true) });
    const { method, path } = saveTarget(postId);
    console.info('Debug Test: the request a save would send', { method, path, payload, file: pendingFile });
    modal.info({
      title: 'Debug Test',
      width: 640,
      okText: 'Close',
      content: <DebugPayload method={method} path={path} payload={payload} file={pendingFile} />,
    });
  };

  const published = savedPost?.status === 'published';
  const scheduled = savedPost ? isScheduled(savedPost.status, savedPost.publishedAt) : false;
  const futureDate = !!values.publishedAt && values.publishedAt.isAfter(dayjs());

  const tabs = [
    {
      key: 'content',
      label: 'Content',
      forceRender: true,
      children: <ContentTab autoFocusTitle={!initialPost} onContentNormalized={onContentNormalized} />,
    },
    {
      key: 'settings',
      label: 'Settings',
      forceRender: true,
      children: (
        <SettingsTab
          status={values.status}
          publishedAt={values.publishedAt}
          futureDate={futureDate}
          pendingFile={pendingFile}
          onFileChange={setPendingFile}
        />
      ),
    },
    {
      key: 'seo',
      label: <SeoTabLabel report={report} />,
      forceRender: true,
      children: <SeoTab values={values} report={report} />,
    },
  ];

  return (
    <PageContainer
      title={<PageTitle>{postId ? 'Edit Post' : 'New Post'}</PageTitle>}
      tags={
        <Space size={4}>
          {published ? <ToneTag tone="success">Published</ToneTag> : <ToneTag tone="neutral">Draft</ToneTag>}
          {scheduled ? <ToneTag tone="info">Scheduled</ToneTag> : null}
        </Space>
      }
      extra={[
        <Button key="back" icon={<ArrowLeftOutlined />} onClick={() => leave('/admin/posts')}>
          Back to Posts
        </Button>,
        <Button key="dashboard" onClick={() => leave('/admin')}>
          Back to Dashboard
        </Button>,
        savedPost && published && !scheduled ? (
          <Button
            key="view"
            icon={<EyeOutlined />}
            href={`/blog/post/${savedPost.slug}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            View
          </Button>
        ) : null,
      ]}
    >
      <ProForm<PostFormValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        submitter={false}
        onValuesChange={onValuesChange}
        onFinish={async () => {
          await persist('manual');
        }}
      >
        <Row gutter={[24, 24]}>
          <Col xs={24} lg={16}>
            <Card>
              <Tabs activeKey={activeTab} onChange={(key) => setActiveTab(key as EditorTab)} items={tabs} />
            </Card>
          </Col>
          <Col xs={24} lg={8}>
            <Space direction="vertical" size="middle" style={{ width: '100%', position: 'sticky', top: 72 }}>
              <PublishCard
                status={values.status}
                futureDate={futureDate}
                statusChanged={!!savedPost && values.status !== savedPost.status}
                isNew={postId === null}
                saving={saving}
                dirty={dirty}
                autosaveEverySeconds={autosaveEligible ? Math.round(autosaveIntervalMs / 1000) : null}
                savedAt={savedAt}
                onSave={() => void persist('manual')}
                onCancel={() => leave('/admin/posts')}
              />
              <PublishingTips onDebug={showDebug} />
            </Space>
          </Col>
        </Row>
      </ProForm>
    </PageContainer>
  );
}
