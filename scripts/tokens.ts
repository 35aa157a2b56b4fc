/**
 * Personal access tokens for `settlement-console listen` from the command line (decisions
 * D18.1). The token is printed once, alone on stdout; everything else goes to stderr. With
 * PGlite, run it while the app is stopped (one process per data directory).
 *
 *   npm run --silent tokens -- create --email <person> [--expires 30d] [--name laptop]
 *   npm run --silent tokens -- list --email <person>
 *   npm run --silent tokens -- revoke --id <token id>
 */
import nextEnv from "@next/env";
import { eq } from "drizzle-orm";
import { parseArgs } from "node:util";
import { insertAudit } from "@/lib/auth/audit";
import { can, isRole } from "@/lib/auth/permissions";
import { consoleUsers } from "@/lib/auth/schema";
import { env } from "@/lib/env";
import { parseDuration, TOKEN_LIFETIME } from "@/lib/listen/duration";
import { encodeStop, STOP_CHANNEL } from "@/lib/listen/control";
import { createToken, listTokens, revokeToken } from "@/lib/listen/tokens";
import { notify, openDatabase } from "@/lib/db/database";
import { migrate } from "@/lib/db/migrate";

nextEnv.loadEnvConfig(process.cwd(), false, { info: () => undefined, error: console.error });

function fail(message: string): never {
  console.error(`tokens: ${message}`);
  process.exit(2);
}

const [command, ...rest] = process.argv.slice(2);
const { values } = parseArgs({
  args: rest,
  options: { email: { type: "string" }, expires: { type: "string" }, name: { type: "string" }, id: { type: "string" } },
  strict: true,
});

const e = env();
const database = await openDatabase(
  e.DATABASE_URL ? { kind: "postgres", url: e.DATABASE_URL } : { kind: "pglite", dataDir: e.DATA_DIR },
);
const db = database.db;
try {
  await migrate(db);
  const person = async () => {
    if (!values.email) fail("--email <person> is required");
    const [user] = await db
      .select()
      .from(consoleUsers)
      .where(eq(consoleUsers.email, values.email.trim().toLowerCase()))
      .limit(1);
    if (!user) fail(`no console user with the email ${values.email}`);
    return user;
  };
  if (command === "create") {
    const user = await person();
    if (user.disabled) fail(`${user.email} is disabled`);
    if (!isRole(user.role) || !can(user.role, "inbox:manage", "sandbox"))
      fail(`${user.email} is ${user.role}: only admins and developers listen in sandbox`);
    const expires = parseDuration(values.expires ?? "30d", TOKEN_LIFETIME.most);
    if (!expires.ok) fail(`--expires: ${expires.message}`);
    const name = (values.name ?? "cli").trim().slice(0, 80) || "cli";
    const { token, view } = await createToken(db, {
      userId: user.id,
      name,
      expiresInSeconds: expires.seconds,
      createdBy: "npm run tokens",
    });
    await insertAudit(db, {
      actor: null,
      email: user.email,
      action: "tokens.create",
      targetId: view.id,
      result: "ok",
      detail: `npm run tokens: "${name}", expires ${view.expiresAt.toISOString()}`,
    });
    console.error(
      `Created token ${view.id} ("${name}") for ${user.email}, expires ${view.expiresAt.toISOString()}. It is shown once:`,
    );
    console.log(token);
  } else if (command === "list") {
    const user = await person();
    for (const t of await listTokens(db, user.id)) {
      const state = t.revokedAt
        ? `revoked ${t.revokedAt.toISOString()}`
        : t.expiresAt <= new Date()
          ? "expired"
          : `expires ${t.expiresAt.toISOString()}`;
      console.log(
        `${t.id}  ${t.prefix}…  ${t.name.padEnd(16)}  ${state}  last used ${t.lastUsedAt?.toISOString() ?? "never"}`,
      );
    }
  } else if (command === "revoke") {
    if (!values.id) fail("--id <token id> is required");
    const revoked = await revokeToken(db, values.id, null, "npm run tokens");
    if (!revoked) {
      console.log("no active token with that id");
    } else {
      await insertAudit(db, {
        actor: null,
        action: "tokens.revoke",
        targetId: revoked.id,
        result: "ok",
        detail: "npm run tokens",
      });
      // Open listen streams of this token end now, on every instance (a no-op when none listens).
      await notify(
        db,
        STOP_CHANNEL,
        encodeStop({ userId: revoked.userId, tokenId: revoked.id, reason: "its token was revoked" }),
      );
      console.log("revoked");
    }
  } else {
    fail(
      "usage: tokens create --email <person> [--expires 30d] [--name laptop] | list --email <person> | revoke --id <token id>",
    );
  }
} finally {
  await database.close();
}
