import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PageContainer, ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { Button, Flex, Input, Select, Space, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { PAGINATION, type BlogPostDto } from '@studio/shared';
import { BackToDashboardButton } from '../../components/back-to-dashboard-button';
import { useConfirm } from '../../components/confirm';
import { PageTitle } from '../../components/page-title';
import { Pager } from '../../components/pager';
import { PostStatusTag } from '../../components/post-status-tag';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import { useToast } from '../../hooks/use-toast';
import { failureReason } from '../../utils/errors';
import { formatDate } from '../../utils/format';
import { PostsEmptyState } from './components/posts-empty-state';
import { SamplePostsAlert } from './components/sample-posts-alert';
import { deletePost, listPosts, type StatusFilter } from './service';

const STATUS_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'published', label: 'Published' },
  { value: 'draft', label: 'Draft' },
  { value: 'archived', label: 'Archived' },
];
const PAGE_SIZE_OPTIONS = PAGINATION.adminPageSizes.map((n) => ({ value: n, label: `${n} / page` }));

interface ListParams {
  search: string;
  status: StatusFilter;
  page: number;
  perPage: number;
}

interface ListMeta {
  total: number;
  totalPages: number;
  shown: number;
}

export default function PostsPage() {
  const navigate = useNavigate();
  const toast = useToast();
  const { confirm } = useConfirm();
  const actionRef = useRef<ActionType>();

  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput.trim(), PAGINATION.adminSearchDebounceMs);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [perPage, setPerPage] = useState<number>(PAGINATION.adminDefaultPageSize);
  // A new search, filter or page size starts again at page 1 (spec §4), in the same render.
  const filterKey = `${search}\u0000${status}\u0000${perPage}`;
  const [pageState, setPageState] = useState({ key: filterKey, page: 1 });
  const page = pageState.key === filterKey ? pageState.page : 1;
  const setPage = (next: number) => setPageState({ key: filterKey, page: next });
  const [meta, setMeta] = useState<ListMeta>({ total: 0, totalPages: 0, shown: 0 });

  const params: ListParams = { search, status, page, perPage };

  const confirmDelete = (post: BlogPostDto) => {
    // Not confirmAction: the spec words this failure 'Failed to delete post:' and the reason.
    confirm({
      title: 'Are you sure?',
      content: 'This post will be permanently deleted. This action cannot be undone.',
      okText: 'Delete',
      onOk: async () => {
        try {
          await deletePost(post.id);
          toast.success('Post deleted', `"${post.title}" has been deleted.`);
          if (meta.shown === 1 && page > 1) setPage(page - 1);
          else await actionRef.current?.reload();
        } catch (error) {
          toast.error('Error', `Failed to delete post: ${failureReason(error)}`);
        }
      },
    });
  };

  const columns: ProColumns<BlogPostDto>[] = [
    {
      title: 'Title',
      dataIndex: 'title',
      ellipsis: false,
      render: (_, post) => (
        <Space direction="vertical" size={0}>
          <Link to={`/admin/posts/${post.id}`} style={{ fontWeight: 500 }}>
            {post.title}
          </Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            /blog/post/{post.slug}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: 'Status',
      dataIndex: 'status',
      width: 120,
      render: (_, post) => <PostStatusTag status={post.status} />,
    },
    {
      title: 'Date',
      dataIndex: 'createdAt',
      width: 140,
      render: (_, post) => <time dateTime={post.createdAt}>{formatDate(post.createdAt)}</time>,
    },
    {
      title: 'Actions',
      key: 'actions',
      width: 250,
      render: (_, post) => (
        <Space size={4} wrap>
          <Button size="small" icon={<EditOutlined />} onClick={() => navigate(`/admin/posts/${post.id}`)}>
            Edit
          </Button>
          <Button
            size="small"
            icon={<EyeOutlined />}
            href={`/blog/post/${post.slug}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            View
          </Button>
          <Button size="small" danger icon={<DeleteOutlined />} onClick={() => confirmDelete(post)}>
            Delete
          </Button>
        </Space>
      ),
    },
  ];

  const first = meta.total ? (page - 1) * perPage + 1 : 0;
  const last = Math.min(meta.total, (page - 1) * perPage + meta.shown);

  return (
    <PageContainer
      title={<PageTitle>Posts</PageTitle>}
      extra={[
        <BackToDashboardButton key="back" />,
        <Button key="new" type="primary" icon={<PlusOutlined />} onClick={() => navigate('/admin/posts/new')}>
          New Post
        </Button>,
      ]}
    >
      <SamplePostsAlert onRemoved={() => (page > 1 ? setPage(1) : void actionRef.current?.reload())} />
      <ProTable<BlogPostDto, ListParams>
        actionRef={actionRef}
        rowKey="id"
        columns={columns}
        params={params}
        search={false}
        options={false}
        pagination={false}
        cardBordered
        scroll={{ x: 720 }}
        headerTitle={
          <Flex wrap gap={8}>
            <Input.Search
              allowClear
              placeholder="Search posts…"
              aria-label="Search posts"
              value={searchInput}
              onChange={(e) => setSearchInput(e.target.value)}
              style={{ width: 240, maxWidth: '100%' }}
            />
            <Select<StatusFilter>
              aria-label="Filter by status"
              value={status}
              options={STATUS_OPTIONS}
              onChange={setStatus}
              style={{ width: 140 }}
            />
            <Select<number>
              aria-label="Items per page"
              value={perPage}
              options={PAGE_SIZE_OPTIONS}
              onChange={setPerPage}
              style={{ width: 120 }}
            />
          </Flex>
        }
        request={async (p) => {
          try {
            const res = await listPosts({
              page: p.page ?? 1,
              limit: p.perPage ?? PAGINATION.adminDefaultPageSize,
              status: p.status ?? 'all',
              search: p.search ?? '',
            });
            setMeta({ total: res.total, totalPages: res.page.totalPages, shown: res.posts.length });
            return { data: res.posts, total: res.total, success: true };
          } catch (error) {
            toast.failure(error, 'Failed to fetch blog posts');
            setMeta({ total: 0, totalPages: 0, shown: 0 });
            return { data: [], total: 0, success: false };
          }
        }}
        locale={{
          emptyText: (
            <PostsEmptyState
              search={search}
              status={status}
              onClear={() => {
                setSearchInput('');
                setStatus('all');
              }}
            />
          ),
        }}
      />
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginTop: 16 }}>
        <Typography.Text type="secondary" aria-live="polite">
          {meta.total ? `Showing ${first}–${last} of ${meta.total} posts` : ''}
        </Typography.Text>
        <Pager page={page} totalPages={meta.totalPages} onChange={setPage} label="Posts pages" />
      </Flex>
    </PageContainer>
  );
}
