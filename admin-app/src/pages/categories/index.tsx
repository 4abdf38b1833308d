import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PageContainer } from '@ant-design/pro-components';
import { Button, Col, Empty, Result, Row, Skeleton } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { CategoryDto } from '@studio/shared';
import { BackToDashboardButton } from '../../components/back-to-dashboard-button';
import { PageTitle } from '../../components/page-title';
import { TaxonomyFormModal } from '../../components/taxonomy-form-modal';
import { useTaxonomyCrud } from '../../hooks/use-taxonomy-crud';
import { CategoryCard } from './components/category-card';
import {
  CATEGORIES_QUERY_KEY,
  createCategory,
  deleteCategory,
  listCategories,
  updateCategory,
} from './service';

export default function CategoriesPage() {
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
  const crud = useTaxonomyCrud<CategoryDto>({
    noun: 'category',
    create: createCategory,
    update: updateCategory,
    remove: deleteCategory,
    refresh: () => queryClient.invalidateQueries({ queryKey: CATEGORIES_QUERY_KEY }),
  });

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
        <Button type="primary" icon={<PlusOutlined />} onClick={crud.startAdd}>
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
              onEdit={() => crud.startEdit(category)}
              onDelete={() => crud.confirmDelete(category)}
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
        <BackToDashboardButton key="back" />,
        <Button key="add" type="primary" icon={<PlusOutlined />} onClick={crud.startAdd}>
          Add Category
        </Button>,
      ]}
    >
      {body}
      <TaxonomyFormModal kind="category" {...crud.modalProps} />
    </PageContainer>
  );
}
