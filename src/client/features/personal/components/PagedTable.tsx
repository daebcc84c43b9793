import { Table, type TableColumnsType, type TableProps } from 'antd';
import type { Page } from '@contract/envelope';
import { format, useMessages } from '@client/shared/i18n';
import { personalMessages } from '../messages';

export interface Paging {
  pageNum: number;
  pageSize: number;
}

/** A list answered page by page by the gateway: loading, empty text and pagination in one place. */
export function PagedTable<T extends object>(props: {
  data: Page<T> | undefined;
  loading: boolean;
  columns: TableColumnsType<T>;
  rowKey: keyof T & string;
  paging: Paging;
  onPage: (paging: Paging) => void;
  testId?: string;
  size?: TableProps<T>['size'];
}) {
  const m = useMessages(personalMessages);
  return (
    <Table<T>
      data-testid={props.testId}
      rowKey={props.rowKey}
      size={props.size}
      columns={props.columns}
      dataSource={props.data?.list ?? []}
      loading={props.loading}
      // While the first page is on its way the table shows its spinner only, not "no records" under it.
      locale={{ emptyText: props.loading && !props.data ? <span /> : m.empty }}
      pagination={{
        current: props.paging.pageNum,
        pageSize: props.paging.pageSize,
        total: props.data?.total ?? 0,
        showSizeChanger: true,
        showTotal: (total) => format(m.total, { total }),
        onChange: (pageNum, pageSize) =>
          props.onPage({ pageNum: pageSize !== props.paging.pageSize ? 1 : pageNum, pageSize }),
      }}
    />
  );
}
