/**
 * A list's page: the request's page number and size, or the defaults (page 1, `size` rows) when it
 * left them out. The request schemas bound both (src/contract/fields.ts `paging`).
 */
export function pageOf(values: { pageNum?: number; pageSize?: number }, size = 10) {
  return { pageNum: values.pageNum ?? 1, pageSize: values.pageSize ?? size };
}
