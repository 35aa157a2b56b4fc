import { afterAll, beforeAll } from "vitest";
import { createTestService, type TestService } from "./harness";

/**
 * One service for the enclosing describe block: created before its tests, closed after them.
 * The returned object stands for it (a proxy to the live instance), so tests write `s.request(…)`.
 */
export function withTestService(options: Parameters<typeof createTestService>[0] = {}): TestService {
  let live: TestService | undefined;
  beforeAll(async () => {
    live = await createTestService(options);
  });
  afterAll(async () => {
    await live?.close();
  });
  return new Proxy({} as TestService, {
    get(_target, prop) {
      if (!live) throw new Error("the test service starts in beforeAll: use it inside a hook or a test");
      const value = Reflect.get(live, prop);
      return typeof value === "function" ? value.bind(live) : value;
    },
  });
}
