import type { ReactNode } from 'react';
import { PageContainer } from '@ant-design/pro-components';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { useTaxonomyCrud } from '../hooks/use-taxonomy-crud';
import { BackToDashboardButton } from './back-to-dashboard-button';
import { PageTitle } from './page-title';
import { TaxonomyFormModal } from './taxonomy-form-modal';

type Kind = 'category' | 'tag';

/** "Add Category" / "Add Tag": in the page's header and in its empty state. */
export function AddTaxonomyButton({ kind, onClick }: { kind: Kind; onClick: () => void }) {
  return (
    <Button type="primary" icon={<PlusOutlined />} onClick={onClick}>
      {kind === 'category' ? 'Add Category' : 'Add Tag'}
    </Button>
  );
}

interface TaxonomyPageProps {
  kind: Kind;
  title: string;
  content: string;
  crud: Pick<ReturnType<typeof useTaxonomyCrud>, 'startAdd' | 'modalProps'>;
  /** The list: cards for categories, a table for tags. */
  children: ReactNode;
}

/** The categories and tags pages: the same header, add button and form dialog around their list. */
export function TaxonomyPage({ kind, title, content, crud, children }: TaxonomyPageProps) {
  return (
    <PageContainer
      title={<PageTitle>{title}</PageTitle>}
      content={content}
      extra={[
        <BackToDashboardButton key="back" />,
        <AddTaxonomyButton key="add" kind={kind} onClick={crud.startAdd} />,
      ]}
    >
      {children}
      <TaxonomyFormModal kind={kind} {...crud.modalProps} />
    </PageContainer>
  );
}
