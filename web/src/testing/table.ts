/** For tests of docs/product.md §15 tables: a request's path and query as an object, and a server's page answer. */

/** `/admin/games?page=1&per_page=20` → `{path: '/admin/games', params: {page: '1', per_page: '20'}}`, any order. */
export function requestParts(url: string | undefined) {
  const [path = '', query = ''] = (url ?? '').split('?');
  return { path, params: Object.fromEntries(new URLSearchParams(query)) };
}

/** `{data, meta: {total, page, per_page}}` as the server answers a table request. */
export function tablePage<T>(rows: T[], total = rows.length, page = 1, perPage = 20) {
  return { body: { data: rows, meta: { total, page, per_page: perPage } } };
}
