import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { App } from 'antd';
import { useServerTable } from './use-server-table';

const wrapper = ({ children }: { children: ReactNode }) => <App>{children}</App>;

describe('useServerTable', () => {
  it('passes page, sort and filters to the loader and keeps the filters for the CSV link', async () => {
    const load = jest.fn().mockResolvedValue({ data: [{ id: 1 }], total: 1, success: true });
    const onLoaded = jest.fn();
    const { result } = renderHook(
      () => useServerTable<{ id: number }>({ load, failure: 'Failed', csvPath: '/api/admin/x', onLoaded }),
      { wrapper },
    );
    expect(result.current.csvHref).toBe('/api/admin/x?format=csv');
    let page: unknown;
    await act(async () => {
      page = await result.current.request({ current: 2, pageSize: 10, state: 'active', search: ' ann ' }, {});
    });
    expect(page).toEqual({ data: [{ id: 1 }], total: 1, success: true });
    expect(load).toHaveBeenCalledWith({ current: 2, pageSize: 10, state: 'active', search: ' ann ' }, {});
    expect(onLoaded).toHaveBeenCalled();
    expect(result.current.csvHref).toBe('/api/admin/x?state=active&search=ann&format=csv');
  });

  it('turns a failed load into an empty page (and one toast), not a thrown error', async () => {
    const load = jest.fn().mockRejectedValue(new Error('500: boom'));
    const { result } = renderHook(() => useServerTable({ load, failure: 'Failed to fetch x' }), { wrapper });
    let page: unknown;
    await act(async () => {
      page = await result.current.request({ current: 1, pageSize: 20 }, {});
    });
    expect(page).toEqual({ data: [], total: 0, success: false });
    expect(result.current.csvHref).toBeUndefined();
  });

  it('hands the ProTable its request and ref with the props every list shares', () => {
    const load = jest.fn();
    const { result } = renderHook(() => useServerTable({ load, failure: 'Failed' }), { wrapper });
    const { tableProps } = result.current;
    expect(tableProps).toEqual({
      actionRef: result.current.actionRef,
      request: result.current.request,
      rowKey: 'id',
      cardBordered: true,
      options: false,
      pagination: { defaultPageSize: 20 },
    });
  });
});
