/**
 * What every back-office ProTable needs around its `request`: server-side paging, sort and
 * filters (the page's loader), one failure toast, the filters kept for the CSV link, a
 * handle to reload after an action, and the table props every such list shares.
 */
import { useCallback, useRef, useState } from 'react';
import type { ActionType } from '@ant-design/pro-components';
import { csvHref } from '../utils/paged-request';
import { useToast } from './use-toast';

/** Rows per page until the user picks another size. */
const PAGE_SIZE = 20;

type Params = Record<string, unknown> & { current?: number; pageSize?: number };
type Sorter = Record<string, 'ascend' | 'descend' | null>;
export interface TablePage<T> {
  data: T[];
  total: number;
  success: boolean;
}

interface Options<T, R extends TablePage<T>> {
  /** Loads one page (usually `pagedRequest` or a page's own service call). */
  load: (params: Params, sort: Sorter) => Promise<R>;
  /** The toast's text when loading fails and the server sent no sentence. */
  failure: string;
  /** The list's API path, to offer a CSV export of the current filters. */
  csvPath?: string;
  /** Reads extra fields of the answer (e.g. the payments' month totals). */
  onLoaded?: (res: R) => void;
}

export function useServerTable<T, R extends TablePage<T> = TablePage<T>>(options: Options<T, R>) {
  const toast = useToast();
  const actionRef = useRef<ActionType>();
  const [filters, setFilters] = useState<Params>({});
  const latest = useRef(options);
  latest.current = options;

  const request = useCallback(
    async (params: Params, sort: Sorter = {}): Promise<TablePage<T>> => {
      const { load, failure, onLoaded } = latest.current;
      try {
        const { current: _c, pageSize: _p, ...rest } = params;
        setFilters(rest);
        const res = await load(params, sort);
        onLoaded?.(res);
        return res;
      } catch (err) {
        toast.failure(err, failure);
        return { data: [], total: 0, success: false };
      }
    },
    [toast],
  );

  const reload = useCallback(async () => {
    await actionRef.current?.reload();
  }, []);

  return {
    actionRef,
    request,
    reload,
    csvHref: options.csvPath ? csvHref(options.csvPath, filters) : undefined,
    /** Spread on the ProTable; the page adds its columns, header title and scroll. */
    tableProps: {
      actionRef,
      request,
      rowKey: 'id',
      cardBordered: true,
      options: false,
      pagination: { defaultPageSize: PAGE_SIZE },
    } as const,
  };
}
