import { useRef, useState } from 'react';
import { PageContainer, ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { Button, Segmented, Space, Typography } from 'antd';
import { CheckOutlined, DeleteOutlined, StopOutlined } from '@ant-design/icons';
import type { AdminCommentDto } from '@studio/shared';
import { BackToDashboardButton } from '../../components/back-to-dashboard-button';
import { useConfirm } from '../../components/confirm';
import { PageTitle } from '../../components/page-title';
import { ToneTag } from '../../components/tone-tag';
import { useToast } from '../../hooks/use-toast';
import { formatDateTime } from '../../utils/format';
import { deleteComment, listComments, setCommentApproved, type CommentFilter } from './service';

const FILTERS: { value: CommentFilter; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'all', label: 'All' },
];
const PAGE_SIZE = 20;

export default function CommentsPage() {
  const toast = useToast();
  const { confirmAction } = useConfirm();
  const actionRef = useRef<ActionType>();
  const [status, setStatus] = useState<CommentFilter>('pending');

  const moderate = async (comment: AdminCommentDto, approved: boolean) => {
    try {
      await setCommentApproved(comment.id, approved);
      toast.success(
        approved ? 'Comment approved' : 'Comment unapproved',
        approved ? 'It now shows under the post.' : 'It no longer shows under the post.',
      );
      await actionRef.current?.reload();
    } catch (err) {
      toast.failure(err, approved ? 'Failed to approve comment.' : 'Failed to unapprove comment.');
    }
  };

  const confirmDelete = (comment: AdminCommentDto) => {
    confirmAction({
      title: 'Delete comment',
      content: `Are you sure you want to delete the comment by "${comment.authorName}"? This action cannot be undone.`,
      okText: 'Delete',
      run: () => deleteComment(comment.id),
      success: ['Comment deleted', 'The comment has been deleted successfully.'],
      failure: 'Failed to delete comment.',
      after: async () => actionRef.current?.reload(),
    });
  };

  const columns: ProColumns<AdminCommentDto>[] = [
    {
      title: 'Author',
      dataIndex: 'authorName',
      width: 200,
      render: (_, c) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{c.authorName}</Typography.Text>
          <Typography.Link href={`mailto:${c.authorEmail}`} style={{ fontSize: 12 }}>
            {c.authorEmail}
          </Typography.Link>
        </Space>
      ),
    },
    {
      title: 'Comment',
      dataIndex: 'content',
      render: (_, c) => (
        <Typography.Paragraph ellipsis={{ rows: 4, expandable: true, symbol: 'more' }} style={{ margin: 0 }}>
          {c.content}
        </Typography.Paragraph>
      ),
    },
    {
      title: 'Post',
      key: 'post',
      width: 200,
      render: (_, c) =>
        c.post ? (
          <a href={`/blog/post/${c.post.slug}`} target="_blank" rel="noopener noreferrer">
            {c.post.title}
          </a>
        ) : (
          <Typography.Text type="secondary">Deleted post</Typography.Text>
        ),
    },
    {
      title: 'Date',
      dataIndex: 'createdAt',
      width: 170,
      render: (_, c) => <time dateTime={c.createdAt}>{formatDateTime(c.createdAt)}</time>,
    },
    {
      title: 'Status',
      dataIndex: 'approved',
      width: 110,
      render: (_, c) =>
        c.approved ? <ToneTag tone="success">Approved</ToneTag> : <ToneTag tone="warning">Pending</ToneTag>,
    },
    {
      title: 'Actions',
      key: 'actions',
      width: 220,
      render: (_, c) => (
        <Space size={4} wrap>
          {c.approved ? (
            <Button size="small" icon={<StopOutlined />} onClick={() => void moderate(c, false)}>
              Unapprove
            </Button>
          ) : (
            <Button
              size="small"
              type="primary"
              icon={<CheckOutlined />}
              onClick={() => void moderate(c, true)}
            >
              Approve
            </Button>
          )}
          <Button size="small" danger icon={<DeleteOutlined />} onClick={() => confirmDelete(c)}>
            Delete
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <PageContainer
      title={<PageTitle>Comments</PageTitle>}
      content="New comments wait here until you approve them. Only approved comments show on the blog."
      extra={[<BackToDashboardButton key="back" />]}
    >
      <ProTable<AdminCommentDto, { status: CommentFilter }>
        actionRef={actionRef}
        rowKey="id"
        columns={columns}
        params={{ status }}
        search={false}
        options={false}
        cardBordered
        scroll={{ x: 1000 }}
        headerTitle={
          <Segmented<CommentFilter>
            aria-label="Show comments"
            options={FILTERS}
            value={status}
            onChange={setStatus}
          />
        }
        pagination={{ pageSize: PAGE_SIZE, showSizeChanger: false, hideOnSinglePage: true }}
        request={async ({ status: filter = 'pending', current = 1, pageSize = PAGE_SIZE }) => {
          try {
            const res = await listComments(filter, pageSize, (current - 1) * pageSize);
            return { data: res.comments, total: res.total, success: true };
          } catch (err) {
            toast.failure(err, 'Failed to fetch comments');
            return { data: [], total: 0, success: false };
          }
        }}
        locale={{
          emptyText:
            status === 'pending'
              ? 'No comments are waiting for approval.'
              : status === 'approved'
                ? 'No approved comments yet.'
                : 'No comments yet.',
        }}
      />
    </PageContainer>
  );
}
