/** The page of a list a request asks for, with the defaults the contract promises (page 1, 10 rows). */
export const DEFAULT_PAGE_SIZE = 10;

export interface PageRequest {
  pageNum?: number;
  pageSize?: number;
}

export function pageOf(values: PageRequest, defaultSize = DEFAULT_PAGE_SIZE) {
  const pageNum = values.pageNum ?? 1;
  const pageSize = values.pageSize ?? defaultSize;
  return { pageNum, pageSize, offset: (pageNum - 1) * pageSize };
}

/** A count query's answer as a number (PostgreSQL answers bigint counts as strings). */
export const countOf = (row: { n: number | string | bigint } | undefined) => Number(row?.n ?? 0);
