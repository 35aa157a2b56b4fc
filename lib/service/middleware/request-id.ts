import "server-only";
import { createMiddleware } from "hono/factory";
import { randomUUID } from "node:crypto";
import type { ServiceEnv } from "../context";

const VALID = /^[\w.:-]{1,128}$/;

/** Every response carries X-Request-Id: the caller's if it sent a sane one, else a new one. */
export const requestId = createMiddleware<ServiceEnv>(async (c, next) => {
  const sent = c.req.header("x-request-id");
  const id = sent && VALID.test(sent) ? sent : randomUUID();
  c.set("requestId", id);
  c.header("X-Request-Id", id);
  await next();
  c.res.headers.set("X-Request-Id", id);
});
