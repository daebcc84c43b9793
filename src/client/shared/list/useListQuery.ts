import type { SkipToken } from '@reduxjs/toolkit/query';
import dayjs from 'dayjs';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

export type SortOrder = 'ascend' | 'descend';
export interface ListSort<F extends string = string> {
  field: F;
  order: SortOrder;
}

/** How one filter is read from the address (nothing when the text is not one of its values) and written to it. */
export interface Filter<T> {
  read(raw: string): T | undefined;
  write(value: T): string;
}

/** Free text (a number, a name): trimmed, nothing when empty. */
export const textFilter: Filter<string> = {
  read: (raw) => raw.trim() || undefined,
  write: (value) => value.trim(),
};
/** A calendar date, YYYY-MM-DD. */
export const dateFilter: Filter<string> = {
  read: (raw) => (/^\d{4}-\d{2}-\d{2}$/.test(raw) && dayjs(raw).format('YYYY-MM-DD') === raw ? raw : undefined),
  write: (value) => value,
};
/** On or absent (`1` in the address). */
export const flagFilter: Filter<boolean> = {
  read: (raw) => (raw === '1' ? true : undefined),
  write: () => '1',
};
/** One of a fixed set of values (states, kinds); anything else in the address is ignored. */
export function oneOf<T extends string | number>(values: readonly T[]): Filter<T> {
  return { read: (raw) => values.find((v) => String(v) === raw), write: (value) => String(value) };
}

export type FilterSpec = Record<string, Filter<unknown>>;
export type FilterValues<S extends FilterSpec> = { [K in keyof S]?: S[K] extends Filter<infer T> ? T : never };

/** What a list shows, as the address says: filters, page, page size and sort (the default when none is chosen). */
export interface ListState<S extends FilterSpec = FilterSpec, F extends string = string> {
  filters: FilterValues<S>;
  pageNum: number;
  pageSize: number;
  sort: ListSort<F> | null;
  /** Whether the sort is the one chosen (false: the list's default, or none). */
  sortChosen: boolean;
}

/** What the list component needs of a list: its state, the answer's progress and the ways to change it. */
export interface ListControl<F extends string = string> {
  state: ListState<FilterSpec, F>;
  sorts: readonly F[];
  isFetching: boolean;
  isLoading: boolean;
  isError: boolean;
  refetch: () => void;
  setPage(pageNum: number, pageSize: number): void;
  setSort(sort: ListSort<F> | null): void;
  /** Page and sort at once (a table's change event carries both). */
  setView(view: { pageNum: number; pageSize: number; sort: ListSort<F> | null }): void;
}

export interface ListQuery<S extends FilterSpec, F extends string, D> extends ListControl<F> {
  state: ListState<S, F>;
  data: D | undefined;
  /** Every filter at once (a filter form's search): the list starts again at its first page. */
  setFilters(values: FilterValues<S>): void;
  /** One filter (a select or a switch applied at once): the list starts again at its first page. */
  setFilter<K extends keyof S>(name: K, value: FilterValues<S>[K] | undefined): void;
  /** No filter, the first page, the default sort; the page size stays. */
  reset(): void;
}

export interface ListOptions<S extends FilterSpec, F extends string, A> {
  /** The filters the address holds, by name, and how each is read. */
  filters?: S;
  /** The fields the gateway sorts by. */
  sorts?: readonly F[];
  /** The order the gateway answers in when no sort is asked (shown on the sorted column). */
  defaultSort?: ListSort<F>;
  pageSize?: number;
  /** The names' prefix in the address, for a page with two lists. */
  prefix?: string;
  /** The call's argument for a state, or skipToken while it cannot be asked. */
  args: (state: ListState<S, F>) => A;
}

/** The part of an RTK Query hook's answer a list reads. */
export interface QueryAnswer<D> {
  data?: D;
  isFetching: boolean;
  isLoading: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/** An RTK Query hook (`useXxxQuery`). */
export type QueryHook = (...args: never[]) => QueryAnswer<unknown>;
type QueryArg<H extends QueryHook> = Parameters<H>[0] | SkipToken;
type QueryData<H extends QueryHook> = NonNullable<ReturnType<H>['data']>;

export const PAGE_SIZES = [10, 20, 50, 100] as const;

/**
 * A list's filters, sort and page kept in the page's address (so back and forward, a reload and a
 * link shared all show the same rows) and the gateway call made from them: the one place a list's
 * paging, sorting and filtering is written. Changes push a history entry; the page's other address
 * parameters (a tab, an open dialog) are left as they are.
 */
export function useListQuery<H extends QueryHook, S extends FilterSpec, F extends string>(
  useQuery: H,
  options: ListOptions<S, F, QueryArg<H>>,
): ListQuery<S, F, QueryData<H>> {
  const { filters: spec = {} as S, sorts = [], defaultSort, pageSize: defaultSize = 10, prefix = '' } = options;
  const [params, setParams] = useSearchParams();
  const key = (name: string) => `${prefix}${name}`;
  const search = params.toString();

  const state = useMemo<ListState<S, F>>(() => {
    const read = new URLSearchParams(search);
    const filters: Record<string, unknown> = {};
    for (const [name, filter] of Object.entries(spec)) {
      const raw = read.get(`${prefix}${name}`);
      const value = raw === null ? undefined : (filter as Filter<unknown>).read(raw);
      if (value !== undefined) filters[name] = value;
    }
    const pageNum = Math.max(1, Math.floor(Number(read.get(`${prefix}page`))) || 1);
    const size = Number(read.get(`${prefix}size`));
    const pageSize = (PAGE_SIZES as readonly number[]).includes(size) ? size : defaultSize;
    const field = sorts.find((f) => f === read.get(`${prefix}sort`));
    const order = read.get(`${prefix}order`);
    const chosen: ListSort<F> | null = field && (order === 'ascend' || order === 'descend') ? { field, order } : null;
    return {
      filters: filters as FilterValues<S>,
      pageNum,
      pageSize,
      sort: chosen ?? defaultSort ?? null,
      sortChosen: chosen !== null,
    };
    // The spec and sorts are the page's constants; the address is what changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search, prefix, defaultSize]);

  const answer = (useQuery as unknown as (arg: QueryArg<H>) => QueryAnswer<QueryData<H>>)(options.args(state));

  const change = useCallback(
    (edit: (next: URLSearchParams) => void) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        edit(next);
        return next;
      }),
    [setParams],
  );
  const writePage = (next: URLSearchParams, pageNum: number, pageSize: number) => {
    if (pageNum > 1) next.set(key('page'), String(pageNum));
    else next.delete(key('page'));
    if (pageSize !== defaultSize) next.set(key('size'), String(pageSize));
    else next.delete(key('size'));
  };
  const writeSort = (next: URLSearchParams, sort: ListSort<F> | null) => {
    const isDefault = !sort || (defaultSort && sort.field === defaultSort.field && sort.order === defaultSort.order);
    if (sort && !isDefault) {
      next.set(key('sort'), sort.field);
      next.set(key('order'), sort.order);
    } else {
      next.delete(key('sort'));
      next.delete(key('order'));
    }
  };
  const writeFilter = (next: URLSearchParams, name: string, value: unknown) => {
    const text = value === undefined || value === null || value === '' ? '' : spec[name].write(value);
    if (text) next.set(key(name), text);
    else next.delete(key(name));
  };

  return {
    state,
    sorts,
    data: answer.data,
    isFetching: answer.isFetching,
    isLoading: answer.isLoading,
    isError: answer.isError,
    refetch: () => void answer.refetch(),
    setPage: (pageNum, pageSize) =>
      change((next) => writePage(next, pageSize !== state.pageSize ? 1 : pageNum, pageSize)),
    setSort: (sort) =>
      change((next) => {
        writeSort(next, sort);
        writePage(next, 1, state.pageSize);
      }),
    setView: ({ pageNum, pageSize, sort }) =>
      change((next) => {
        const sortChanged = sort?.field !== state.sort?.field || sort?.order !== state.sort?.order;
        writeSort(next, sort);
        writePage(next, sortChanged || pageSize !== state.pageSize ? 1 : pageNum, pageSize);
      }),
    setFilters: (values) =>
      change((next) => {
        for (const name of Object.keys(spec)) writeFilter(next, name, values[name]);
        writePage(next, 1, state.pageSize);
      }),
    setFilter: (name, value) =>
      change((next) => {
        writeFilter(next, name as string, value);
        writePage(next, 1, state.pageSize);
      }),
    reset: () =>
      change((next) => {
        for (const name of Object.keys(spec)) next.delete(key(name));
        writeSort(next, null);
        writePage(next, 1, state.pageSize);
      }),
  };
}
