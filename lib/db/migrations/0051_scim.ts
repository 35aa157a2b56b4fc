/**
 * Provisioning from a company's directory (issue 61, SCIM 2.0, RFC 7643/7644): directories, each
 * with a bearer token kept only as its SHA-256; the groups a directory pushes and their members;
 * which group gives which role (an administrator's mapping: nobody gets a role a directory merely
 * names); and on a person, the directory that provisions them, its id for them, and whether the
 * directory says they are active.
 */
export const sql = /* sql */ `
CREATE TABLE IF NOT EXISTS console_scim_directories (
  id text PRIMARY KEY,
  name text NOT NULL,
  token_sha256 text NOT NULL UNIQUE,
  token_hint text NOT NULL,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE TABLE IF NOT EXISTS console_scim_role_maps (
  directory_id text NOT NULL REFERENCES console_scim_directories(id) ON DELETE CASCADE,
  group_name text NOT NULL,
  role text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX IF NOT EXISTS console_scim_role_maps_key ON console_scim_role_maps (directory_id, lower(group_name));
CREATE TABLE IF NOT EXISTS console_scim_groups (
  id text PRIMARY KEY,
  directory_id text NOT NULL REFERENCES console_scim_directories(id) ON DELETE CASCADE,
  display_name text NOT NULL,
  external_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX IF NOT EXISTS console_scim_groups_name ON console_scim_groups (directory_id, lower(display_name));
CREATE TABLE IF NOT EXISTS console_scim_members (
  group_id text NOT NULL REFERENCES console_scim_groups(id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES console_users(id) ON DELETE CASCADE,
  PRIMARY KEY (group_id, user_id)
);
CREATE INDEX IF NOT EXISTS console_scim_members_user ON console_scim_members (user_id);
ALTER TABLE console_users ADD COLUMN IF NOT EXISTS scim_directory_id text REFERENCES console_scim_directories(id) ON DELETE SET NULL;
ALTER TABLE console_users ADD COLUMN IF NOT EXISTS scim_external_id text;
ALTER TABLE console_users ADD COLUMN IF NOT EXISTS scim_active boolean;
CREATE INDEX IF NOT EXISTS console_users_scim ON console_users (scim_directory_id, created_at, id) WHERE scim_directory_id IS NOT NULL;
`;
