/** A page of a list as the gateway reads it: the request's page number and size with their defaults. */
export interface PageRequest {
  pageNum: number;
  pageSize: number;
  offset: number;
}

/** The one place paging defaults apply (page 1 of 10); the request schema bounds both. */
export function pageOf(values: { pageNum?: number; pageSize?: number }): PageRequest {
  const pageNum = values.pageNum ?? 1;
  const pageSize = values.pageSize ?? 10;
  return { pageNum, pageSize, offset: (pageNum - 1) * pageSize };
}

/** A count query's answer as a number (PostgreSQL answers bigint counts as strings). */
export const countOf = (row: { n: number | string | bigint } | undefined) => Number(row?.n ?? 0);
