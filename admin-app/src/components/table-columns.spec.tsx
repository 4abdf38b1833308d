import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { ProColumns } from '@ant-design/pro-components';
import { App, Button } from 'antd';
import { formatDateTime } from '../utils/format';
import { actionsColumn, dateColumn, dateTimeColumn, DeleteButton, searchColumn } from './table-columns';

interface Row {
  id: number;
  createdAt: string;
}
const row: Row = { id: 1, createdAt: '2024-01-05T12:00:00Z' };
const cell = (col: ProColumns<Row>) =>
  render(<App>{col.render?.(null, row, 0, undefined as never, col as never) as ReactNode}</App>).container;

describe('table columns', () => {
  it('offers the search filter only in the form, with an optional placeholder', () => {
    expect(searchColumn<Row>()).toEqual({ title: 'Search', dataIndex: 'search', hideInTable: true });
    expect(searchColumn<Row>('Email').fieldProps).toEqual({ placeholder: 'Email' });
  });

  it('writes a sortable date in a <time>, with the column options passed through', () => {
    const col = dateColumn<Row>('Created', 'createdAt', { defaultSortOrder: 'descend' });
    expect(col).toMatchObject({
      dataIndex: 'createdAt',
      sorter: true,
      search: false,
      defaultSortOrder: 'descend',
    });
    const time = cell(col).querySelector('time');
    expect(time?.getAttribute('datetime')).toBe(row.createdAt);
    expect(time?.textContent).toBe('Jan 5, 2024');
  });

  it('writes a sortable date with its time of day in a <time>', () => {
    const col = dateTimeColumn<Row>('Received', 'createdAt');
    expect(col).toMatchObject({ title: 'Received', dataIndex: 'createdAt', sorter: true, search: false });
    const time = cell(col).querySelector('time');
    expect(time?.getAttribute('datetime')).toBe(row.createdAt);
    expect(time?.textContent).toBe(formatDateTime(row.createdAt));
  });

  it('puts each button of a row in its own space item, and deletes only once confirmed', async () => {
    const onConfirm = jest.fn().mockResolvedValue(undefined);
    const col = actionsColumn<Row>((r) => (
      <>
        <Button size="small">Edit {r.id}</Button>
        {false}
        <DeleteButton title="Delete it?" description="Gone for good." onConfirm={onConfirm} />
      </>
    ));
    expect(col).toMatchObject({ title: 'Actions', key: 'actions', search: false });
    expect(cell(col).querySelectorAll('.ant-space-item')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).not.toHaveBeenCalled();
    await screen.findByText('Gone for good.');
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1)!);
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
  });
});
