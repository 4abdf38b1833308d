import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Col, Empty, Result, Row, Skeleton } from 'antd';
import type { CategoryDto } from '@studio/shared';
import { AddTaxonomyButton, TaxonomyPage } from '../../components/taxonomy-page';
import { useTaxonomyCrud } from '../../hooks/use-taxonomy-crud';
import { CategoryCard } from './components/category-card';
import { categoriesApi } from './service';

export default function CategoriesPage() {
  const queryClient = useQueryClient();
  const {
    data: categories,
    isLoading,
    error,
    refetch,
  } = useQuery({
    queryKey: categoriesApi.queryKey,
    queryFn: categoriesApi.list,
    refetchOnMount: 'always',
  });
  const crud = useTaxonomyCrud<CategoryDto>({
    noun: 'category',
    ...categoriesApi,
    refresh: () => queryClient.invalidateQueries({ queryKey: categoriesApi.queryKey }),
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
        <AddTaxonomyButton kind="category" onClick={crud.startAdd} />
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
    <TaxonomyPage
      kind="category"
      title="Categories"
      content="Categories group posts by subject. Readers can filter the blog by them."
      crud={crud}
    >
      {body}
    </TaxonomyPage>
  );
}
