/**
 * What a person searched for and opened lately, remembered in this browser under their own
 * email (two people sharing a browser do not see each other's). Browser-only.
 */
const LIMIT = 8;

export type RecentPage = { href: string; title: string };

const key = (email: string, what: "searches" | "pages") => `console.recent.${what}.${email.toLowerCase()}`;

function read<T>(k: string): T[] {
  try {
    const value = JSON.parse(window.localStorage.getItem(k) ?? "[]") as unknown;
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

function write<T>(k: string, items: T[]): void {
  try {
    window.localStorage.setItem(k, JSON.stringify(items.slice(0, LIMIT)));
  } catch {
    // private mode or full storage: nothing remembered
  }
}

export function recentSearches(email: string): string[] {
  return read<string>(key(email, "searches")).filter((s) => typeof s === "string");
}

export function rememberSearch(email: string, q: string): void {
  const k = key(email, "searches");
  write(k, [q, ...read<string>(k).filter((s) => s !== q)]);
}

export function recentPages(email: string): RecentPage[] {
  return read<RecentPage>(key(email, "pages")).filter(
    (p) => typeof p?.href === "string" && typeof p?.title === "string",
  );
}

export function rememberPage(email: string, page: RecentPage): void {
  const k = key(email, "pages");
  write(k, [page, ...read<RecentPage>(k).filter((p) => p.href !== page.href)]);
}
