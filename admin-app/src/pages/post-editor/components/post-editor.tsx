/**
 * The post editor (spec §2, §4, §5): tabs Content, Settings and SEO, a side card with the
 * save button, the autosave state, publishing tips and Debug Test.
 *
 * Guarantees: the slug follows the title until someone edits it; the meta title follows the
 * title while empty or unchanged; a draft autosaves at most every 30 s; leaving with unsaved
 * changes asks first (the browser's own prompt for closing or reloading the tab).
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PageContainer, ProForm } from '@ant-design/pro-components';
import dayjs from 'dayjs';
import { App, Button, Card, Col, DatePicker, Form, Input, Radio, Row, Space, Tabs, Typography } from 'antd';
import {
  ArrowLeftOutlined,
  CheckCircleOutlined,
  EyeOutlined,
  LoadingOutlined,
  SaveOutlined,
} from '@ant-design/icons';
import {
  BLOG,
  errorMessage,
  LIMITS,
  MESSAGES,
  scoreSeo,
  slugAfterTitleChange,
  type BlogPostDto,
} from '@studio/shared';
import { PageTitle } from '../../../components/page-title';
import { ToneTag } from '../../../components/tone-tag';
import { useBeforeUnload } from '../../../hooks/use-before-unload';
import { useToast } from '../../../hooks/use-toast';
import { fieldErrors } from '../../../utils/errors';
import { formatDateTime, formatTime } from '../../../utils/format';
import { CATEGORIES_QUERY_KEY, listCategories } from '../../categories/service';
import { listTags, TAGS_QUERY_KEY } from '../../tags/service';
import { useAutosave } from '../hooks/use-autosave';
import {
  EMPTY_POST,
  FIELD_TAB,
  fromPost,
  RULES,
  toPayload,
  type EditorTab,
  type PostFormValues,
} from '../post-form';
import { postQueryKey, savePost, saveTarget } from '../service';
import { DebugPayload } from './debug-payload';
import { FeaturedImagePicker } from './featured-image-picker';
import { PublishingTips } from './publishing-tips';
import { RichTextEditor } from './rich-text-editor';
import { RATING, SeoReport } from './seo-report';
import { SearchPreview } from './search-preview';
import { CategoryPicker, TagPicker } from './taxonomy-pickers';

interface Props {
  /** The post as loaded, or null for a new post. Read once, on mount. */
  initialPost: BlogPostDto | null;
  /** Called after the first save of a new post (the page then moves to /admin/posts/{id}). */
  onCreated(post: BlogPostDto): void;
}

const snapshot = (values: PostFormValues, file: File | null) =>
  JSON.stringify(toPayload(values)) + (file ? `|${file.name}:${file.size}:${file.lastModified}` : '');

const isScheduled = (status: string, publishedAt: string | null | undefined) =>
  status === 'published' && !!publishedAt && Date.parse(publishedAt) > Date.now();

type SaveMode = 'manual' | 'auto';

export function PostEditor({ initialPost, onCreated }: Props) {
  const navigate = useNavigate();
  const toast = useToast();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<PostFormValues>();

  const [initialValues] = useState<PostFormValues>(() => (initialPost ? fromPost(initialPost) : EMPTY_POST));
  const [savedPost, setSavedPost] = useState<BlogPostDto | null>(initialPost);
  // A mirror of the form's values, so render can read them (score, dirty state, Debug Test).
  const [values, setValues] = useState<PostFormValues>(initialValues);
  const [baseline, setBaseline] = useState<PostFormValues>(initialValues);
  const [pendingFile, setPendingFile] = useState<File | null>(null);
  const [activeTab, setActiveTab] = useState<EditorTab>('content');
  const [saving, setSaving] = useState<SaveMode | null>(null);
  const savingRef = useRef(false);
  const [lastSavedAt, setLastSavedAt] = useState(() => Date.now());
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const titleRef = useRef(initialValues.title);

  const categories = useQuery({
    queryKey: CATEGORIES_QUERY_KEY,
    queryFn: listCategories,
    refetchOnMount: 'always',
  });
  const tags = useQuery({ queryKey: TAGS_QUERY_KEY, queryFn: listTags, refetchOnMount: 'always' });

  const postId = savedPost?.id ?? null;
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

  const persist = useCallback(
    async (mode: SaveMode): Promise<boolean> => {
      if (savingRef.current) return false;
      const quiet = mode === 'auto';
      try {
        await form.validateFields(quiet ? { validateOnly: true } : undefined);
      } catch (error) {
        if (!quiet) {
          toast.error(MESSAGES.postValidation);
          const first = (error as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0]
            ?.name?.[0];
          if (typeof first === 'string' && first in FIELD_TAB)
            setActiveTab(FIELD_TAB[first as keyof PostFormValues]);
        }
        return false;
      }
      const submitted: PostFormValues = { ...EMPTY_POST, ...form.getFieldsValue(true) };
      const file = pendingFile;
      const creating = postId === null;
      savingRef.current = true;
      setSaving(mode);
      try {
        const res = await savePost(postId, toPayload(submitted), file);
        if (!res.success) {
          if (!quiet) toast.error('Error', res.message);
          return false;
        }
        const post = res.post;
        // The server may number the slug and names an uploaded image: take both from it.
        const patch: Partial<PostFormValues> = { slug: post.slug, featuredImage: post.featuredImage };
        const typedMeanwhile = form.getFieldValue('slug') !== submitted.slug;
        patchFields(typedMeanwhile ? { featuredImage: post.featuredImage } : patch);
        setBaseline({ ...submitted, ...patch });
        setPendingFile((current) => (current === file ? null : current));
        setSavedPost(post);
        setLastSavedAt(Date.now());
        setSavedAt(new Date());
        queryClient.setQueryData(postQueryKey(post.id), post);
        void queryClient.invalidateQueries({
          predicate: (q) =>
            (q.queryKey[0] === '/api/admin/blog/posts' && q.queryKey[1] !== post.id) ||
            q.queryKey[0] === '/api/admin/blog/stats' ||
            (file !== null && q.queryKey[0] === '/api/admin/blog/media'),
        });
        if (!quiet) {
          const fallback = isScheduled(post.status, post.publishedAt)
            ? `It will go live on ${formatDateTime(post.publishedAt)}.`
            : post.status === 'published'
              ? 'It is live on the blog.'
              : post.status === 'archived'
                ? 'It is archived and hidden from the blog.'
                : 'It is saved as a draft.';
          const title = creating ? 'Post created' : 'Post updated';
          toast.success(title, res.message && res.message !== title ? res.message : fallback);
        }
        if (creating) onCreated(post);
        return true;
      } catch (error) {
        const known = fieldErrors(error).filter((e) => e.field in FIELD_TAB);
        if (known.length)
          form.setFields(known.map((e) => ({ name: e.field as keyof PostFormValues, errors: [e.message] })));
        if (!quiet) toast.error('Error', errorMessage(error, 'Failed to save post. Please try again.'));
        return false;
      } finally {
        savingRef.current = false;
        setSaving(null);
      }
    },
    [form, onCreated, patchFields, pendingFile, postId, queryClient, toast],
  );

  // Drafts only: a published post changes when someone chooses to update it.
  const autosaveEligible =
    dirty &&
    saving === null &&
    values.status === 'draft' &&
    (savedPost === null || savedPost.status === 'draft');
  useAutosave({ eligible: autosaveEligible, save: () => persist('auto'), lastSavedAt });

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
    modal.confirm({
      title: 'Leave without saving?',
      content: 'You have unsaved changes to this post. If you leave now, they will be lost.',
      okText: 'Leave',
      okButtonProps: { danger: true },
      cancelText: 'Stay',
      autoFocusButton: 'cancel',
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
  const rating = report.warning ? null : RATING[report.rating];
  const futureDate = values.publishedAt && values.publishedAt.isAfter(dayjs());

  let saveState: ReactNode = null;
  if (saving === 'auto')
    saveState = (
      <Typography.Text type="secondary">
        <LoadingOutlined /> Saving…
      </Typography.Text>
    );
  else if (dirty)
    saveState = (
      <Typography.Text type="warning">
        Unsaved changes{autosaveEligible ? ' · drafts save automatically every 30 seconds' : ''}
      </Typography.Text>
    );
  else if (savedAt)
    saveState = (
      <Typography.Text type="success" data-testid="saved-indicator">
        <CheckCircleOutlined /> Saved{' '}
        <Typography.Text type="secondary">at {formatTime(savedAt)}</Typography.Text>
      </Typography.Text>
    );

  const tabs = [
    {
      key: 'content',
      label: 'Content',
      forceRender: true,
      children: (
        <>
          <Form.Item label="Title" name="title" rules={RULES.title}>
            <Input
              size="large"
              placeholder="A clear, specific title"
              maxLength={LIMITS.post.titleMax}
              autoFocus={!initialPost}
            />
          </Form.Item>
          <Form.Item
            label="Slug"
            name="slug"
            rules={RULES.slug}
            extra="The end of the post's address. It follows the title until you change it."
          >
            <Input
              addonBefore="/blog/post/"
              placeholder="made-from-the-title"
              maxLength={LIMITS.post.slugMax}
            />
          </Form.Item>
          <Form.Item
            label="Content"
            name="content"
            required
            rules={RULES.content}
            validateTrigger={['onChange', 'onBlur']}
          >
            <RichTextEditor onNormalized={onContentNormalized} />
          </Form.Item>
          <Form.Item
            label="Excerpt"
            name="excerpt"
            rules={RULES.excerpt}
            extra={`Shown in the blog list. Leave empty to use the first ${BLOG.excerptLength} characters of the post.`}
          >
            <Input.TextArea
              rows={3}
              showCount
              maxLength={LIMITS.post.excerptMax}
              style={{ marginBottom: 20 }}
            />
          </Form.Item>
        </>
      ),
    },
    {
      key: 'settings',
      label: 'Settings',
      forceRender: true,
      children: (
        <>
          <Form.Item label="Status" name="status">
            <Radio.Group optionType="button" buttonStyle="solid">
              <Radio.Button value="draft">Draft</Radio.Button>
              <Radio.Button value="published">Published</Radio.Button>
              <Radio.Button value="archived">Archived</Radio.Button>
            </Radio.Group>
          </Form.Item>
          <Form.Item
            label="Publish date"
            name="publishedAt"
            extra={
              values.status === 'published'
                ? futureDate
                  ? `Scheduled: the post goes live on ${formatDateTime(values.publishedAt?.toDate())}.`
                  : values.publishedAt
                    ? 'The date shown on the post.'
                    : 'Leave empty to publish as soon as you save.'
                : 'Used when the post is published. A future date schedules it.'
            }
          >
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="MMM D, YYYY HH:mm"
              allowClear
              style={{ width: 240 }}
            />
          </Form.Item>
          <Form.Item label="Featured image" name="featuredImage">
            <FeaturedImagePicker file={pendingFile} onFileChange={setPendingFile} />
          </Form.Item>
          <Form.Item label="Categories" name="categoryIds">
            <CategoryPicker
              items={categories.data}
              loading={categories.isLoading}
              failed={!!categories.error}
            />
          </Form.Item>
          <Form.Item label="Tags" name="tagIds">
            <TagPicker items={tags.data} loading={tags.isLoading} failed={!!tags.error} />
          </Form.Item>
        </>
      ),
    },
    {
      key: 'seo',
      label: (
        <span>
          SEO{' '}
          {rating ? (
            <ToneTag
              tone={rating.tone}
              style={{ marginInlineStart: 4, marginInlineEnd: 0 }}
              data-testid="seo-badge"
            >
              {report.score}%
            </ToneTag>
          ) : null}
        </span>
      ),
      forceRender: true,
      children: (
        <>
          <Form.Item
            label="Focus keyword"
            name="focusKeyword"
            rules={RULES.focusKeyword}
            extra="The phrase people would search for to find this post."
          >
            <Input maxLength={LIMITS.post.focusKeywordMax} placeholder="e.g. mixing vocals" />
          </Form.Item>
          <Form.Item
            label="Meta title"
            name="metaTitle"
            rules={RULES.metaTitle}
            extra={`Recommended ${BLOG.recommendedMetaTitle[0]}-${BLOG.recommendedMetaTitle[1]} characters. Defaults to the title.`}
          >
            <Input
              maxLength={LIMITS.post.metaTitleMax}
              count={{ show: true, max: BLOG.recommendedMetaTitle[1] }}
              placeholder={values.title || undefined}
            />
          </Form.Item>
          <Form.Item
            label="Meta description"
            name="metaDescription"
            rules={RULES.metaDescription}
            extra={`Recommended ${BLOG.recommendedMetaDescription[0]}-${BLOG.recommendedMetaDescription[1]} characters.`}
          >
            <Input.TextArea
              rows={3}
              count={{ show: true, max: LIMITS.post.formMetaDescriptionMax }}
              style={{ marginBottom: 20 }}
            />
          </Form.Item>
          <Space direction="vertical" size="middle" style={{ width: '100%' }}>
            <SeoReport report={report} />
            <SearchPreview
              title={values.metaTitle || values.title}
              slug={values.slug}
              description={values.metaDescription}
            />
          </Space>
        </>
      ),
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
              <Card size="small" title={<h2 style={{ margin: 0, fontSize: 16 }}>Publish</h2>}>
                <Space direction="vertical" style={{ width: '100%' }}>
                  <Typography.Text>
                    Status:{' '}
                    <Typography.Text strong>
                      {values.status === 'published'
                        ? futureDate
                          ? 'Scheduled'
                          : 'Published'
                        : values.status === 'archived'
                          ? 'Archived'
                          : 'Draft'}
                    </Typography.Text>
                    {values.status !== savedPost?.status && savedPost ? ' (after you save)' : ''}
                  </Typography.Text>
                  <div aria-live="polite" style={{ minHeight: 22 }}>
                    {saveState}
                  </div>
                  <Button
                    type="primary"
                    icon={<SaveOutlined />}
                    block
                    loading={saving === 'manual'}
                    onClick={() => void persist('manual')}
                  >
                    {postId ? 'Update Post' : 'Create Post'}
                  </Button>
                  <Button block onClick={() => leave('/admin/posts')}>
                    Cancel
                  </Button>
                </Space>
              </Card>
              <PublishingTips onDebug={showDebug} />
            </Space>
          </Col>
        </Row>
      </ProForm>
    </PageContainer>
  );
}
