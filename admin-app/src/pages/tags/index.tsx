import { useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { Button, Empty, Space, Typography } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { AddTaxonomyButton, TaxonomyPage } from '../../components/taxonomy-page';
import { useToast } from '../../hooks/use-toast';
import { useTaxonomyCrud } from '../../hooks/use-taxonomy-crud';
import { formatDate } from '../../utils/format';
import { tagsApi, type AdminTag } from './service';

export default function TagsPage() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const actionRef = useRef<ActionType>();
  const refresh = async () => {
    // The editor's tag picker reads the same list.
    await queryClient.invalidateQueries({ queryKey: tagsApi.queryKey });
    await actionRef.current?.reload();
  };

  const crud = useTaxonomyCrud<AdminTag>({
    noun: 'tag',
    ...tagsApi,
    refresh,
  });

  const columns: ProColumns<AdminTag>[] = [
    {
      title: 'Name',
      dataIndex: 'name',
      render: (_, tag) => <Typography.Text strong>{tag.name}</Typography.Text>,
    },
    {
      title: 'Slug',
      dataIndex: 'slug',
      render: (_, tag) => <Typography.Text code>{tag.slug}</Typography.Text>,
    },
    {
      title: 'Description',
      dataIndex: 'description',
      render: (_, tag) =>
        tag.description ? (
          <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
            {tag.description}
          </Typography.Paragraph>
        ) : (
          <Typography.Text type="secondary">None</Typography.Text>
        ),
    },
    {
      title: 'Created',
      dataIndex: 'createdAt',
      width: 130,
      render: (_, tag) => <time dateTime={tag.createdAt}>{formatDate(tag.createdAt)}</time>,
    },
    {
      title: 'Actions',
      key: 'actions',
      width: 190,
      render: (_, tag) => (
        <Space size={4}>
          <Button size="small" icon={<EditOutlined />} onClick={() => crud.startEdit(tag)}>
            Edit
          </Button>
          <Button size="small" danger icon={<DeleteOutlined />} onClick={() => crud.confirmDelete(tag)}>
            Delete
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <TaxonomyPage
      kind="tag"
      title="Tags"
      content="Tags describe what a post mentions: genres, gear, techniques. A post can have many."
      crud={crud}
    >
      <ProTable<AdminTag>
        actionRef={actionRef}
        rowKey="id"
        columns={columns}
        search={false}
        options={false}
        cardBordered
        headerTitle="All tags"
        scroll={{ x: 760 }}
        pagination={{ defaultPageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
        request={async () => {
          try {
            const tags = await tagsApi.list();
            queryClient.setQueryData(tagsApi.queryKey, tags);
            return { data: tags, total: tags.length, success: true };
          } catch (err) {
            toast.failure(err, 'Failed to fetch tags');
            return { data: [], total: 0, success: false };
          }
        }}
        locale={{
          emptyText: (
            <Empty description="No tags yet.">
              <AddTaxonomyButton kind="tag" onClick={crud.startAdd} />
            </Empty>
          ),
        }}
      />
    </TaxonomyPage>
  );
}
