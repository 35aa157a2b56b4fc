/**
 * A list page sends its rows with the page when the API answers within the wait, and streams
 * them behind a skeleton when it is slower (decision D16.7): streamed rows reach the screen well
 * after the frame however fast the API was, so streaming fast rows made the list slower.
 */
import { isValidElement, type ReactElement, Suspense } from "react";
import { describe, expect, it, vi } from "vitest";

vi.mock("@/lib/auth/environment-cookie", () => ({ getEnvironment: async () => "sandbox" }));
vi.mock("@/lib/auth/session", () => ({ getActor: async () => null }));

const { StreamedList } = await import("./load-list");

const page = { data: [{ id: "r1" }], pagination: { total: 1 } };
function sourceAnswering(afterMs: number) {
  return {
    noun: "requests",
    path: "/requests",
    codec: {
      fromParams: (params: Record<string, unknown>) => ({ page: Number(params.page ?? 1) }),
      toQuery: (f: { page: number }) => f,
    },
    keys: { list: () => ["requests"] },
    load: (query: unknown) =>
      new Promise((resolve) => setTimeout(() => resolve({ ok: true, data: { ...page, query } }), afterMs)),
  } as never;
}
const rendered = (data: unknown) => JSON.stringify(data);

describe("StreamedList", () => {
  it("renders the rows with the page when the first page comes within the wait", async () => {
    const out = await StreamedList({
      searchParams: Promise.resolve({ page: "2" }),
      source: sourceAnswering(5),
      waitMs: 200,
      children: rendered,
    });
    expect(JSON.parse(out as string)).toEqual({
      environment: "sandbox",
      initialFilters: { page: 2 },
      initial: { ok: true, data: { ...page, query: { page: 2 } } },
    });
  });

  it("sends a skeleton and streams the rows when the API is slower than the wait", async () => {
    const started = performance.now();
    const out = await StreamedList({
      searchParams: Promise.resolve({}),
      source: sourceAnswering(1_000),
      waitMs: 50,
      children: rendered,
    });
    expect(performance.now() - started).toBeLessThan(250);
    expect(isValidElement(out) && out.type === Suspense).toBe(true);
    const boundary = out as ReactElement<{ children: ReactElement<{ data: Promise<unknown> }> }>;
    await expect(boundary.props.children.props.data).resolves.toMatchObject({ initialFilters: { page: 1 } });
  });
});
