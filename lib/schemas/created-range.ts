/**
 * The created_at bounds of a list query (decision D6.2): a date means its whole day in UTC; an
 * instant is exclusive as an upper bound.
 */
export function createdRange(query: { created_from?: string; created_to?: string }): {
  createdFrom?: Date;
  createdBefore?: Date;
} {
  const isDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);
  const out: { createdFrom?: Date; createdBefore?: Date } = {};
  if (query.created_from)
    out.createdFrom = new Date(isDate(query.created_from) ? `${query.created_from}T00:00:00Z` : query.created_from);
  if (query.created_to) {
    out.createdBefore = isDate(query.created_to)
      ? new Date(Date.parse(`${query.created_to}T00:00:00Z`) + 86_400_000)
      : new Date(query.created_to);
  }
  return out;
}
