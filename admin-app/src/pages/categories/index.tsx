import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PageContainer } from '@ant-design/pro-components';
import { App, Button, Col, Empty, Result, Row, Skeleton } from 'antd';
import { ArrowLeftOutlined, PlusOutlined } from '@ant-design/icons';
import type { CategoryDto } from '@studio/shared';
import { PageTitle } from '../../components/page-title';
import {
  TaxonomyFormModal,
  toTaxonomyInput,
  type TaxonomyFormValues,
} from '../../components/taxonomy-form-modal';
import { useToast } from '../../hooks/use-toast';
import { CategoryCard } from './components/category-card';
import {
  CATEGORIES_QUERY_KEY,
  createCategory,
  deleteCategory,
  listCategories,
  updateCategory,
} from './service';

type Editing = { mode: 'add' } | { mode: 'edit'; category: CategoryDto } | null;

export default function CategoriesPage() {
  const navigate = useNavigate();
  const toast = useToast();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const {
    data: categories,
    isLoading,
    error,
    refetch,
  } = useQuery({
    queryKey: CATEGORIES_QUERY_KEY,
    queryFn: listCategories,
    refetchOnMount: 'always',
  });
  const [editing, setEditing] = useState<Editing>(null);
  const [saving, setSaving] = useState(false);

  const initial = useMemo<TaxonomyFormValues | null>(
    () =>
      editing?.mode === 'edit'
        ? {
            name: editing.category.name,
            slug: editing.category.slug,
            description: editing.category.description ?? '',
          }
        : null,
    [editing],
  );

  const refresh = () => queryClient.invalidateQueries({ queryKey: CATEGORIES_QUERY_KEY });

  const save = async (values: TaxonomyFormValues): Promise<boolean> => {
    if (!editing) return false;
    const creating = editing.mode === 'add';
    setSaving(true);
    try {
      if (editing.mode === 'add') await createCategory(toTaxonomyInput(values));
      else await updateCategory(editing.category.id, toTaxonomyInput(values));
      toast.success(
        creating ? 'Category created' : 'Category updated',
        `The category has been ${creating ? 'created' : 'updated'} successfully.`,
      );
      setEditing(null);
      await refresh();
      return true;
    } catch (err) {
      toast.failure(err, creating ? 'Failed to create category.' : 'Failed to update category.');
      return false;
    } finally {
      setSaving(false);
    }
  };

  const confirmDelete = (category: CategoryDto) => {
    modal.confirm({
      title: 'Delete category',
      content: `Are you sure you want to delete "${category.name}"? This action cannot be undone.`,
      okText: 'Delete',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      autoFocusButton: 'cancel',
      onOk: async () => {
        try {
          await deleteCategory(category.id);
          toast.success('Category deleted', 'The category has been deleted successfully.');
          await refresh();
        } catch (err) {
          toast.failure(err, 'Failed to delete category.');
        }
      },
    });
  };

  let body;
  if (isLoading) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (error)
    body = (
      <Result
        status="error"
        title="Failed to fetch categories"
        extra={<Button onClick={() => void refetch()}>Try again</Button>}
      />
    );
  else if (!categories?.length)
    body = (
      <Empty description="No categories yet. Categories group your posts by subject.">
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'add' })}>
          Add Category
        </Button>
      </Empty>
    );
  else
    body = (
      <Row gutter={[16, 16]}>
        {categories.map((category) => (
          <Col key={category.id} xs={24} sm={12} lg={8} xxl={6}>
            <CategoryCard
              category={category}
              onEdit={() => setEditing({ mode: 'edit', category })}
              onDelete={() => confirmDelete(category)}
            />
          </Col>
        ))}
      </Row>
    );

  return (
    <PageContainer
      title={<PageTitle>Categories</PageTitle>}
      content="Categories group posts by subject. Readers can filter the blog by them."
      extra={[
        <Button key="back" icon={<ArrowLeftOutlined />} onClick={() => navigate('/admin')}>
          Back to Dashboard
        </Button>,
        <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'add' })}>
          Add Category
        </Button>,
      ]}
    >
      {body}
      <TaxonomyFormModal
        kind="category"
        open={editing !== null}
        initial={initial}
        submitting={saving}
        onSubmit={save}
        onCancel={() => setEditing(null)}
      />
    </PageContainer>
  );
}
