import { expect } from "vitest";
import type { TestService } from "./harness";

/** Small helpers for HTTP tests of the service (tests only). */
export type Json = Record<string, unknown> & { [k: string]: unknown };

export async function call(
  s: TestService,
  method: string,
  path: string,
  body?: unknown,
  init: { key?: string | null; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Json; headers: Headers }> {
  const res = await s.request(method, path, { body, ...init });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Json) : {}, headers: res.headers };
}

/** Asserts a 400 validation_error whose details name `path`. */
export function expectFieldError(res: { status: number; body: Json }, path: string): void {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.error).toBe("validation_error");
  const details = (res.body.details ?? []) as { path: string }[];
  expect(
    details.map((d) => d.path),
    JSON.stringify(res.body),
  ).toContain(path);
}
