// Cursor pagination over time-sortable ids, newest first: `starting_after` is the id of the last item
// seen, so a deleted cursor still works (`id < cursor`), and filters apply to both the page and `total`.
/** What a list query carries (lib/schemas/common ListQuery parses it). */
export interface ListParams {
  limit: number;
  starting_after?: string;
}

export interface Page<T> {
  object: "list";
  data: T[];
  has_more: boolean;
  total: number;
}

interface Finder<R> {
  findMany(args: { where: object; orderBy: { id: "desc" }; take: number }): Promise<R[]>;
  count(args: { where: object }): Promise<number>;
}

export async function paginate<R extends { id: string }, T>(
  model: Finder<R>,
  where: object,
  params: ListParams,
  serialize: (record: R) => T,
): Promise<Page<T>> {
  const pageWhere = params.starting_after ? { AND: [where, { id: { lt: params.starting_after } }] } : where;
  const [rows, total] = await Promise.all([
    model.findMany({ where: pageWhere, orderBy: { id: "desc" }, take: params.limit + 1 }),
    model.count({ where }),
  ]);
  return { object: "list", data: rows.slice(0, params.limit).map(serialize), has_more: rows.length > params.limit, total };
}
