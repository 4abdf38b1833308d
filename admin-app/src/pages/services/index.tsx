/**
 * /admin/services: the catalogue, the one source of every price the site shows and charges.
 * Prices are edited in pounds and sent in pence; a change applies to the next charge only.
 */
import { useRef, useState } from 'react';
import {
  ModalForm,
  PageContainer,
  ProFormDigit,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
  ProTable,
  type ProColumns,
  type ProFormInstance,
} from '@ant-design/pro-components';
import { App, Button, Space, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  formatPence,
  poundsToPence,
  savingPence,
  SERVICE_LIMITS as L,
  SERVICE_MESSAGES as M,
  SERVICE_TYPES,
  serviceTypeLabel,
  type AdminService,
  type ServiceInput,
} from '@studio/shared';
import { PageTitle } from '../../components/page-title';
import { actionsColumn, dateColumn, DeleteButton, searchColumn } from '../../components/table-columns';
import { useServerTable } from '../../hooks/use-server-table';
import { useToast } from '../../hooks/use-toast';
import { fieldErrors } from '../../utils/errors';
import { createService, deleteService, listServices, updateService } from './service';

type FormValues = Omit<ServiceInput, 'price' | 'compareAtPrice'> & {
  pricePounds: number;
  compareAtPounds?: number | null;
};

const toForm = (s: AdminService): FormValues => ({
  ...s,
  pricePounds: s.price / 100,
  compareAtPounds: s.compareAtPrice === null ? null : s.compareAtPrice / 100,
});

const EMPTY: Partial<FormValues> = {
  isActive: true,
  onHome: false,
  isBulkDeal: false,
  sortOrder: 100,
  features: [],
};

function toInput(v: FormValues): ServiceInput {
  const { pricePounds, compareAtPounds, ...rest } = v;
  return {
    ...rest,
    badge: rest.badge?.trim() || null,
    price: poundsToPence(pricePounds),
    compareAtPrice: compareAtPounds ? poundsToPence(compareAtPounds) : null,
  };
}

export default function ServicesPage() {
  const toast = useToast();
  const { message } = App.useApp();
  const table = useServerTable<AdminService>({ load: listServices, failure: 'Failed to fetch services' });
  const formRef = useRef<ProFormInstance<FormValues>>();
  const [editing, setEditing] = useState<AdminService | 'new' | null>(null);

  const save = async (values: FormValues) => {
    try {
      const input = toInput(values);
      if (editing === 'new') await createService(input);
      else if (editing) await updateService(editing.id, input);
      message.success(editing === 'new' ? 'Service created' : 'Service updated');
      setEditing(null);
      await table.reload();
      return true;
    } catch (err) {
      const names: Record<string, keyof FormValues> = {
        price: 'pricePounds',
        compareAtPrice: 'compareAtPounds',
      };
      formRef.current?.setFields(
        fieldErrors(err).map((e) => ({
          name: names[e.field] ?? (e.field as keyof FormValues),
          errors: [e.message],
        })),
      );
      toast.failure(err, 'Failed to save the service.');
      return false;
    }
  };

  const columns: ProColumns<AdminService>[] = [
    searchColumn(),
    {
      title: 'Name',
      dataIndex: 'name',
      sorter: true,
      search: false,
      render: (_, s) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{s.name}</Typography.Text>
          <Typography.Text type="secondary">
            {[serviceTypeLabel(s.type), s.revisions].filter(Boolean).join(' · ')}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: 'Price',
      dataIndex: 'price',
      sorter: true,
      search: false,
      render: (_, s) => {
        const saving = savingPence(s);
        return (
          <Space direction="vertical" size={0}>
            <span>{formatPence(s.price)}</span>
            {saving ? <Typography.Text type="secondary">Save {formatPence(saving)}</Typography.Text> : null}
          </Space>
        );
      },
    },
    {
      title: 'Badge',
      dataIndex: 'badge',
      search: false,
      render: (_, s) => (s.badge ? <Tag>{s.badge}</Tag> : null),
    },
    {
      title: 'Shown',
      dataIndex: 'active',
      valueType: 'select',
      valueEnum: { true: { text: 'Active' }, false: { text: 'Hidden' } },
      render: (_, s) => (
        <Space size={4} wrap>
          <Tag color={s.isActive ? 'green' : 'default'}>{s.isActive ? 'Active' : 'Hidden'}</Tag>
          {s.onHome ? <Tag color="gold">Home</Tag> : null}
          {s.isBulkDeal ? <Tag>Bulk</Tag> : null}
        </Space>
      ),
    },
    { title: 'Order', dataIndex: 'sortOrder', sorter: true, search: false, width: 90 },
    dateColumn('Updated', 'updatedAt'),
    actionsColumn((s) => (
      <>
        <Button
          size="small"
          icon={<EditOutlined />}
          onClick={() => setEditing(s)}
          aria-label={`Edit ${s.name}`}
        >
          Edit
        </Button>
        <DeleteButton
          title={`Delete "${s.name}"?`}
          description="Payments keep their amount and name. To stop selling it, hide it instead."
          icon={<DeleteOutlined />}
          onConfirm={async () => {
            try {
              await deleteService(s.id);
              message.success('Service deleted');
              await table.reload();
            } catch (err) {
              toast.failure(err, 'Failed to delete the service.');
            }
          }}
        />
      </>
    )),
  ];

  return (
    <PageContainer
      title={<PageTitle>Services and prices</PageTitle>}
      content="The catalogue the site shows and charges from. A price change shows on the site within a minute and applies to new payments only."
      extra={[
        <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          Add Service
        </Button>,
      ]}
    >
      <ProTable<AdminService>
        {...table.tableProps}
        columns={columns}
        headerTitle="Catalogue"
        scroll={{ x: 900 }}
      />
      <ModalForm<FormValues>
        key={editing === 'new' ? 'new' : (editing?.id ?? 'closed')}
        title={editing === 'new' ? 'Add Service' : `Edit ${editing?.name ?? ''}`}
        open={editing !== null}
        initialValues={editing && editing !== 'new' ? toForm(editing) : EMPTY}
        modalProps={{ destroyOnClose: true, onCancel: () => setEditing(null) }}
        submitter={{ searchConfig: { submitText: 'Save', resetText: 'Cancel' } }}
        onFinish={save}
        formRef={formRef}
      >
        <ProFormText
          name="name"
          label="Name"
          rules={[{ required: true, min: L.nameMin, max: L.nameMax, message: M.name }]}
        />
        <ProFormTextArea
          name="description"
          label="Description"
          rules={[{ required: true, min: L.descriptionMin, max: L.descriptionMax, message: M.description }]}
        />
        <Space size="large" wrap>
          <ProFormDigit
            name="pricePounds"
            label="Price (£)"
            min={L.priceMin / 100}
            max={L.priceMax / 100}
            fieldProps={{ precision: 2 }}
            rules={[{ required: true, message: M.price }]}
          />
          <ProFormDigit
            name="compareAtPounds"
            label='"Was" price (£)'
            tooltip='Shown as "Save £x" when above the price'
            min={0}
            max={L.priceMax / 100}
            fieldProps={{ precision: 2 }}
          />
          <ProFormDigit
            name="sortOrder"
            label="Order"
            min={0}
            max={L.sortOrderMax}
            fieldProps={{ precision: 0 }}
          />
        </Space>
        <Space size="large" wrap>
          <ProFormSelect
            name="type"
            label="Type"
            width="sm"
            rules={[{ required: true, min: L.typeMin, max: L.typeMax, message: M.type }]}
            // The known types by their labels; a type stored some other way stays choosable.
            options={[
              ...SERVICE_TYPES.map((t) => ({ value: t.value, label: t.label })),
              ...(editing && editing !== 'new' && !SERVICE_TYPES.some((t) => t.value === editing.type)
                ? [{ value: editing.type, label: serviceTypeLabel(editing.type) }]
                : []),
            ]}
          />
          <ProFormText
            name="revisions"
            label="Revisions"
            rules={[{ max: L.revisionsMax, message: M.revisions }]}
          />
          <ProFormText name="badge" label="Badge" rules={[{ max: L.badgeMax, message: M.badge }]} />
        </Space>
        <ProFormSelect
          name="features"
          label="Features"
          mode="tags"
          tooltip="Type a feature and press Enter"
          fieldProps={{ maxCount: L.featuresMax, open: false }}
        />
        <Space size="large" wrap>
          <ProFormSwitch name="isActive" label="Active (bookable)" />
          <ProFormSwitch name="onHome" label="On the home page" />
          <ProFormSwitch name="isBulkDeal" label="Bulk deal" />
        </Space>
      </ModalForm>
    </PageContainer>
  );
}
