/**
 * Column definitions the back-office ProTables share, so every list has the same search box,
 * writes its dates the same way and ends with the same row of small buttons.
 */
import type { ReactNode } from 'react';
import type { ProColumns } from '@ant-design/pro-components';
import { Button, Space } from 'antd';
import { ConfirmButton } from './confirm';
import { formatDate, formatDateTime } from '../utils/format';

/** The keys of T whose values are ISO date strings (or missing). */
type DateKey<T> = {
  [K in keyof T]: T[K] extends string | null | undefined ? K : never;
}[keyof T] &
  string;

/** The free-text filter of the search form; the table itself has no such column. */
export function searchColumn<T>(placeholder?: string): ProColumns<T> {
  return {
    title: 'Search',
    dataIndex: 'search',
    hideInTable: true,
    ...(placeholder ? { fieldProps: { placeholder } } : {}),
  };
}

/** A sortable date ('Jan 5, 2024' in a `<time>`), not offered as a filter. */
export function dateColumn<T>(
  title: string,
  field: DateKey<T>,
  extra: Omit<ProColumns<T>, 'title' | 'dataIndex' | 'render'> = {},
): ProColumns<T> {
  return timeColumn(title, field, formatDate, extra);
}

/** As `dateColumn`, with the time of day ('Jan 5, 2024, 9:30 AM'). */
export function dateTimeColumn<T>(
  title: string,
  field: DateKey<T>,
  extra: Omit<ProColumns<T>, 'title' | 'dataIndex' | 'render'> = {},
): ProColumns<T> {
  return timeColumn(title, field, formatDateTime, extra);
}

function timeColumn<T>(
  title: string,
  field: DateKey<T>,
  format: (value: string | undefined) => string,
  extra: Omit<ProColumns<T>, 'title' | 'dataIndex' | 'render'>,
): ProColumns<T> {
  return {
    title,
    dataIndex: field,
    sorter: true,
    search: false,
    render: (_, row) => {
      const value = (row[field] as string | null | undefined) ?? undefined;
      return <time dateTime={value}>{format(value)}</time>;
    },
    ...extra,
  };
}

/** The last column: the row's buttons, side by side. */
export function actionsColumn<T>(buttons: (row: T) => ReactNode): ProColumns<T> {
  return {
    title: 'Actions',
    key: 'actions',
    search: false,
    render: (_, row) => <Space size={4}>{buttons(row)}</Space>,
  };
}

interface DeleteButtonProps {
  /** The confirmation's question, e.g. `Delete "Mix"?`. */
  title: string;
  /** What deleting keeps or loses. */
  description: string;
  icon?: ReactNode;
  onConfirm: () => Promise<unknown>;
}

/** A small red Delete button that asks first; the OK button spins until `onConfirm` settles. */
export function DeleteButton({ title, description, icon, onConfirm }: DeleteButtonProps) {
  return (
    <ConfirmButton title={title} description={description} okText="Delete" danger onConfirm={onConfirm}>
      <Button size="small" danger icon={icon}>
        Delete
      </Button>
    </ConfirmButton>
  );
}
