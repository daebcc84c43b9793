import {
  Alert,
  Button,
  Checkbox,
  Pagination,
  Radio,
  Select,
  Spin,
  Table,
  type ButtonProps,
  type TableColumnsType,
  type TableProps,
} from 'antd';
import { createContext, useContext, useEffect, useRef, useState, type Key, type ReactNode } from 'react';
import { format, useMessages } from '../i18n';
import { listMessages } from './listMessages';
import type { ListControl, ListSort, SortOrder } from './useListQuery';
import { useWide, type Breakpoint } from './useWide';
import './list.css';

/** Where a column's value goes on a row's card: its title, the line under it, its state, a figure, or nowhere. */
export type CardPlace = 'title' | 'subtitle' | 'state' | 'figure' | 'hidden';

export interface ListColumn<T> {
  key: string;
  /** The table's header and the card's label. */
  title: string;
  render: (row: T, index: number) => ReactNode;
  /** The gateway's sort field, when the list sorts by this column. */
  sort?: string;
  align?: 'left' | 'right' | 'center';
  width?: number;
  /** mc-wrap (running text that wraps between words), mc-nowrap... for the table's cells. */
  className?: string;
  /** The column's place on a card (phones); a figure (label and value) when not said. */
  card?: CardPlace;
  /** The figure's label on a card, when it is not the column's title. */
  cardLabel?: string;
  /** Only in the table (a detail a phone's card leaves out), or only on the card. */
  only?: 'table' | 'card';
}

export interface ListSelection<T> {
  type?: 'checkbox' | 'radio';
  selectedKeys: readonly Key[];
  onChange: (keys: Key[], rows: T[]) => void;
  disabled?: (row: T) => boolean;
  /** What the row's checkbox is named for a screen reader (and a test). */
  label: (row: T) => string;
}

/** Pages asked of the gateway but kept by the page itself (a drawer's list), not in the address. */
export interface ListPaging {
  pageNum: number;
  pageSize: number;
  onChange: (pageNum: number, pageSize: number) => void;
}

export interface DataListProps<T> {
  rows: readonly T[] | undefined;
  rowKey: (keyof T & string) | ((row: T) => Key);
  columns: ListColumn<T>[];
  /** A row's actions (ListButton): the table's last column, full buttons at the foot of its card. */
  actions?: (row: T) => ReactNode;
  actionsTitle?: string;
  actionsWidth?: number;
  /** The list's state in the address and its gateway call (useListQuery): pages, sort, loading, error. */
  control?: ListControl;
  /** Pages kept by the page itself. */
  paging?: ListPaging;
  /** All the rows the gateway has, for the pages. */
  total?: number;
  /** How the pages say how many rows there are (the list's "{total} in all" when not said). */
  totalText?: (total: number) => string;
  loading?: boolean;
  error?: boolean;
  onRetry?: () => void;
  /** Rows the page holds all of, shown so many a page (none: all at once). */
  localPageSize?: number;
  /** What an empty list says (the portal's "No records yet" when not said). */
  empty?: ReactNode;
  selection?: ListSelection<T>;
  testId?: string;
  size?: 'small' | 'middle';
  /** From which breakpoint the list is a table (lg when not said); cards below it. */
  wideFrom?: Breakpoint;
  /** Always cards (a narrow drawer) or always a table. */
  layout?: 'table' | 'cards';
  tableLayout?: 'auto' | 'fixed';
  footer?: ReactNode;
  /** Opening a row (a double click on the table's row). */
  onOpen?: (row: T) => void;
}

const ListPlace = createContext<'table' | 'card' | null>(null);

/** Whether a component renders in a list's table row, on a list's card (phones), or elsewhere. */
export function useListPlace(): 'table' | 'card' | null {
  return useContext(ListPlace);
}

/**
 * A row's action: a small link (or, primary, a small button) in a table's row; a full button on a
 * card, where a finger presses it.
 */
export function ListButton({ primary, ...props }: Omit<ButtonProps, 'type' | 'size'> & { primary?: boolean }) {
  const place = useListPlace();
  if (place === 'card') return <Button type={primary ? 'primary' : 'default'} {...props} />;
  return <Button size="small" type={primary ? 'primary' : 'link'} {...props} />;
}

const shown = (value: ReactNode) => value !== null && value !== undefined && value !== false && value !== '';

/**
 * The portal's one list: a table on a wide screen (antd Table), a card per row on a phone (what the
 * row is, its state, the figures a person decides on, its actions as buttons: nothing to scroll
 * sideways), switched on antd's Grid breakpoints; paging and sorting from useListQuery (the address),
 * with its loading, empty and error states in the user's language.
 */
export function DataList<T extends object>(props: DataListProps<T>) {
  const t = useMessages(listMessages);
  const wideScreen = useWide(props.wideFrom ?? 'lg');
  const wide = props.layout ? props.layout === 'table' : wideScreen;
  const { control } = props;
  const loading = props.loading ?? control?.isFetching ?? false;
  const error = props.error ?? control?.isError ?? false;
  const retry = props.onRetry ?? control?.refetch;
  const keyOf = (row: T): Key =>
    typeof props.rowKey === 'function' ? props.rowKey(row) : (row[props.rowKey] as unknown as Key);
  const rows = props.rows ?? [];
  const firstLoad = loading && props.rows === undefined;

  const failed = (
    <Alert
      type="error"
      showIcon
      title={t.failed}
      className="mc-list-error"
      action={
        retry && (
          <Button size="small" onClick={retry}>
            {t.retry}
          </Button>
        )
      }
    />
  );
  const emptyText = firstLoad ? (
    <span />
  ) : error ? (
    failed
  ) : (
    (props.empty ?? <span className="mc-list-empty">{t.empty}</span>)
  );

  const pageProps = control
    ? {
        current: control.state.pageNum,
        pageSize: control.state.pageSize,
        onChange: (pageNum: number, pageSize: number) => control.setPage(pageNum, pageSize),
      }
    : props.paging
      ? { current: props.paging.pageNum, pageSize: props.paging.pageSize, onChange: props.paging.onChange }
      : null;
  const total = props.total ?? 0;
  const sortOf = (column: ListColumn<T>): SortOrder | null =>
    control?.state.sort && column.sort === control.state.sort.field ? control.state.sort.order : null;

  if (wide) {
    const columns: TableColumnsType<T> = props.columns
      .filter((c) => c.only !== 'card')
      .map((c) => {
        const current = sortOf(c);
        const isDefault = current !== null && !control?.state.sortChosen;
        return {
          key: c.key,
          title: c.title,
          align: c.align,
          width: c.width,
          className: c.className,
          render: (_: unknown, row: T, index: number) => c.render(row, index),
          ...(c.sort && control
            ? {
                sorter: true,
                sortOrder: current,
                // from the gateway's default order, a click asks for the other one
                sortDirections: isDefault
                  ? ([current, current === 'ascend' ? 'descend' : 'ascend'] as SortOrder[])
                  : (['ascend', 'descend'] as SortOrder[]),
              }
            : {}),
        };
      });
    if (props.actions) {
      const actions = props.actions;
      columns.push({
        key: 'actions',
        title: props.actionsTitle ?? t.actions,
        width: props.actionsWidth,
        render: (_: unknown, row: T) => <div className="mc-list-actions">{actions(row)}</div>,
      });
    }
    const onChange: TableProps<T>['onChange'] = (pagination, _filters, sorter) => {
      if (!control) return;
      const s = Array.isArray(sorter) ? sorter[0] : sorter;
      const column = props.columns.find((c) => c.key === s?.columnKey);
      const sort: ListSort | null = s?.order && column?.sort ? { field: column.sort, order: s.order } : null;
      control.setView({
        pageNum: pagination.current ?? 1,
        pageSize: pagination.pageSize ?? control.state.pageSize,
        sort,
      });
    };
    return (
      <ListPlace.Provider value="table">
        <Table<T>
          data-testid={props.testId}
          className="mc-list-table"
          rowKey={(row) => keyOf(row)}
          size={props.size ?? 'middle'}
          tableLayout={props.tableLayout}
          columns={columns}
          dataSource={error ? [] : [...rows]}
          loading={loading}
          locale={{ emptyText }}
          onChange={control ? onChange : undefined}
          onRow={props.onOpen ? (row) => ({ onDoubleClick: () => props.onOpen?.(row) }) : undefined}
          footer={props.footer ? () => props.footer : undefined}
          rowSelection={
            props.selection && {
              type: props.selection.type ?? 'checkbox',
              selectedRowKeys: [...props.selection.selectedKeys],
              preserveSelectedRowKeys: true,
              getCheckboxProps: (row) => ({
                disabled: props.selection?.disabled?.(row) ?? false,
                'aria-label': props.selection?.label(row),
              }),
              onChange: (keys, selected) => props.selection?.onChange(keys, selected.filter(Boolean)),
            }
          }
          pagination={
            pageProps
              ? {
                  ...pageProps,
                  // the table's own onChange tells the list (page and sort at once)
                  onChange: control ? undefined : pageProps.onChange,
                  total,
                  showSizeChanger: !!control,
                  showTotal: (n) => (props.totalText ? props.totalText(n) : format(t.total, { total: n })),
                }
              : props.localPageSize && rows.length > props.localPageSize
                ? { pageSize: props.localPageSize, showSizeChanger: false }
                : false
          }
        />
      </ListPlace.Provider>
    );
  }

  return (
    <ListPlace.Provider value="card">
      <Cards<T> {...props} keyOf={keyOf} pageProps={pageProps} total={total} emptyText={emptyText} failed={failed} />
    </ListPlace.Provider>
  );
}

function Cards<T extends object>(
  props: DataListProps<T> & {
    keyOf: (row: T) => Key;
    pageProps: { current: number; pageSize: number; onChange: (p: number, s: number) => void } | null;
    total: number;
    emptyText: ReactNode;
    failed: ReactNode;
  },
) {
  const t = useMessages(listMessages);
  const { control, keyOf, selection } = props;
  const loading = props.loading ?? control?.isFetching ?? false;
  const error = props.error ?? control?.isError ?? false;
  const columns = props.columns.filter((c) => c.only !== 'table');
  const place = (c: ListColumn<T>) => c.card ?? 'figure';
  // rows chosen on other pages are still the selection's: the card remembers the rows it has shown
  const seen = useRef(new Map<Key, T>());
  const [localPage, setLocalPage] = useState(1);
  const all = error ? [] : [...(props.rows ?? [])];
  useEffect(() => {
    for (const row of props.rows ?? []) seen.current.set(keyOf(row), row);
  });
  const local = !props.pageProps && props.localPageSize && all.length > props.localPageSize ? props.localPageSize : 0;
  const rows = local ? all.slice((localPage - 1) * local, localPage * local) : all;
  const pages = props.pageProps
    ? { ...props.pageProps, total: props.total }
    : local
      ? { current: localPage, pageSize: local, total: all.length, onChange: (p: number) => setLocalPage(p) }
      : null;

  const sortable = control ? columns.filter((c) => c.sort && control.sorts.includes(c.sort)) : [];
  const sortValue =
    control?.state.sortChosen && control.state.sort ? `${control.state.sort.field}:${control.state.sort.order}` : '';

  const choose = (row: T, checked: boolean) => {
    if (!selection) return;
    const key = keyOf(row);
    const keys =
      selection.type === 'radio'
        ? [key]
        : checked
          ? [...selection.selectedKeys.filter((k) => k !== key), key]
          : selection.selectedKeys.filter((k) => k !== key);
    selection.onChange(
      keys,
      keys.map((k) => seen.current.get(k)).filter((r): r is T => r !== undefined),
    );
  };

  const cards = (
    <ul className="mc-list-cards-items">
      {rows.map((row, index) => {
        const key = keyOf(row);
        const of = (p: CardPlace) => columns.filter((c) => place(c) === p);
        const figures = of('figure')
          .map((c) => ({ c, value: c.render(row, index) }))
          .filter(({ value }) => shown(value));
        const checked = selection?.selectedKeys.includes(key) ?? false;
        const disabled = selection?.disabled?.(row) ?? false;
        return (
          <li key={key} className="mc-list-card" data-row-key={String(key)}>
            <div className="mc-list-card-head">
              {selection &&
                (selection.type === 'radio' ? (
                  <Radio
                    checked={checked}
                    disabled={disabled}
                    aria-label={selection.label(row)}
                    onChange={() => choose(row, true)}
                  />
                ) : (
                  <Checkbox
                    checked={checked}
                    disabled={disabled}
                    aria-label={selection.label(row)}
                    onChange={(e) => choose(row, e.target.checked)}
                  />
                ))}
              <div className="mc-list-card-title">
                {of('title').map((c) => (
                  <div key={c.key}>{c.render(row, index)}</div>
                ))}
                {of('subtitle').map((c) => {
                  const value = c.render(row, index);
                  return shown(value) ? (
                    <div key={c.key} className="mc-list-card-subtitle">
                      {value}
                    </div>
                  ) : null;
                })}
              </div>
              {of('state').length > 0 && (
                <div className="mc-list-card-state">
                  {of('state').map((c) => (
                    <span key={c.key}>{c.render(row, index)}</span>
                  ))}
                </div>
              )}
            </div>
            {figures.length > 0 && (
              <dl className="mc-list-card-figures">
                {figures.map(({ c, value }) => (
                  <div key={c.key} className="mc-list-card-figure">
                    <dt className="mc-list-card-label">{c.cardLabel ?? c.title}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
            )}
            {props.actions && <div className="mc-list-card-actions">{props.actions(row)}</div>}
          </li>
        );
      })}
    </ul>
  );

  return (
    <div className="mc-list-cards" data-testid={props.testId}>
      {sortable.length > 0 && control && (
        <Select
          className="mc-list-sort"
          aria-label={t.sortBy}
          value={sortValue}
          onChange={(v: string) => {
            const [field, order] = v.split(':');
            control.setSort(field ? { field, order: order as SortOrder } : null);
          }}
          options={[
            { value: '', label: control.state.sortChosen ? t.sortDefault : `${t.sortBy}: ${t.sortDefault}` },
            ...sortable.flatMap((c) => [
              { value: `${c.sort}:ascend`, label: format(t.ascending, { field: c.cardLabel ?? c.title }) },
              { value: `${c.sort}:descend`, label: format(t.descending, { field: c.cardLabel ?? c.title }) },
            ]),
          ]}
        />
      )}
      {error ? (
        props.failed
      ) : rows.length === 0 ? (
        <div className="mc-list-cards-empty">{loading ? <Spin /> : props.emptyText}</div>
      ) : (
        <Spin spinning={loading}>{cards}</Spin>
      )}
      {props.footer && <div className="mc-list-cards-footer">{props.footer}</div>}
      {pages && pages.total > 0 && (
        <div className="mc-list-cards-pages">
          <span className="mc-list-cards-total">
            {props.totalText ? props.totalText(pages.total) : format(t.total, { total: pages.total })}
          </span>
          {pages.total > pages.pageSize && (
            <Pagination
              simple
              current={pages.current}
              pageSize={pages.pageSize}
              total={pages.total}
              onChange={pages.onChange}
            />
          )}
        </div>
      )}
    </div>
  );
}
