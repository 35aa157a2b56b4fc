import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The console's own people and their sessions (better-auth's user, session, account and
 * verification models, renamed so they never clash with the service's `accounts`), and the audit
 * trail. Created by lib/db/migrations/0006_auth.ts.
 */
export const consoleUsers = pgTable("console_users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  /** admin | finance | support | developer (lib/auth/permissions.ts). */
  role: text("role").notNull().default("support"),
  /** A disabled person cannot sign in; their sessions are deleted when disabled. */
  disabled: boolean("disabled").notNull().default(false),
  /** A generated password (first administrator, new person, reset) must be replaced at first sign-in. */
  mustChangePassword: boolean("must_change_password").notNull().default(false),
  /** An authenticator app is set up and confirmed (lib/auth/second-factor.ts): sign-in asks for its code. */
  secondFactorEnabled: boolean("second_factor_enabled").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** How a session proved its second factor: a code (app or recovery), a synced passkey, or one bound to its device. */
export type ProofMethod = "code" | "passkey" | "device_passkey";

export const consoleSessions = pgTable(
  "console_sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    /** When this session last proved the second factor (sign-in, step-up); null: never. */
    secondFactorAt: timestamp("second_factor_at", { withTimezone: true }),
    /** How it was proved then (issue 61): "code", "passkey", or "device_passkey" (a key bound to one device). */
    secondFactorMethod: text("second_factor_method").$type<ProofMethod>(),
    userId: text("user_id")
      .notNull()
      .references(() => consoleUsers.id, { onDelete: "cascade" }),
  },
  (t) => [index("console_sessions_user_idx").on(t.userId)],
);

/** better-auth's "account": one credential (provider "credential" holds the password hash). */
export const consoleCredentials = pgTable(
  "console_credentials",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => consoleUsers.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("console_credentials_user_idx").on(t.userId)],
);

export const consoleVerifications = pgTable("console_verifications", {
  id: text("id").primaryKey(),
  identifier: text("identifier").notNull(),
  value: text("value").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Who did what, when, where and how it ended. Never a key, a password or a secret: the writer
 * (lib/auth/audit.ts) sanitizes every text it stores.
 */
export const consoleAudit = pgTable(
  "console_audit",
  {
    id: text("id").primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** Null when nobody was signed in (a refused call, a failed sign-in). */
    userId: text("user_id"),
    /** Kept as written so the trail survives a renamed or removed user. */
    userEmail: text("user_email"),
    role: text("role"),
    action: text("action").notNull(),
    targetId: text("target_id"),
    /** sandbox | production; null for console-wide actions (users, sign-in). */
    environment: text("environment"),
    /** "ok" or an error code ("forbidden", "invalid_transition", ...). */
    result: text("result").notNull(),
    /** A short, sanitized note ("role finance → support"). */
    detail: text("detail"),
    /** How many calls this row stands for: more than 1 on a roll-up row (failed sign-ins for unknown emails, per address and hour). */
    repeats: integer("repeats").notNull().default(1),
  },
  (t) => [index("console_audit_at_idx").on(t.at), index("console_audit_user_idx").on(t.userId, t.at)],
);

/** Each person's authenticator app (migration 0030): the secret sealed, recovery codes hashed. */
export const consoleSecondFactors = pgTable("console_second_factors", {
  userId: text("user_id")
    .primaryKey()
    .references(() => consoleUsers.id, { onDelete: "cascade" }),
  totpSecret: text("totp_secret").notNull(),
  /** Null while being set up: not asked for until a first code confirms it. */
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  /** The last time step accepted: a code is never accepted twice. */
  lastStep: bigint("last_step", { mode: "number" }),
  /** SHA-256 (hex) of each unused recovery code. */
  recoveryCodes: jsonb("recovery_codes").$type<string[]>().notNull().default([]),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Each person's passkeys (migration 0032): WebAuthn public keys, a second factor beside the app. */
export const consolePasskeys = pgTable(
  "console_passkeys",
  {
    /** The credential id (base64url). */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => consoleUsers.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The key as a JWK: passkeys added before migration 0041 only (null since). */
    publicKey: jsonb("public_key").$type<JsonWebKey>(),
    /** The COSE public key (base64url), as the verifier reads it (migration 0041). */
    cosePublicKey: text("cose_public_key"),
    /** "singleDevice" (bound to one device) or "multiDevice" (synced). */
    deviceType: text("device_type").$type<"singleDevice" | "multiDevice">().notNull().default("singleDevice"),
    backedUp: boolean("backed_up").notNull().default(false),
    signCount: bigint("sign_count", { mode: "number" }).notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [index("console_passkeys_user_idx").on(t.userId)],
);

/** What better-auth's drizzle adapter looks models up by (their modelName). */
export const authModels = {
  console_users: consoleUsers,
  console_sessions: consoleSessions,
  console_credentials: consoleCredentials,
  console_verifications: consoleVerifications,
};
