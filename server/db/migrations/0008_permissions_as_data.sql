-- Roles' permissions become data (issue 14): the named staff abilities of common/access.ts and the
-- built-in roles' default grants. The roles are inserted here too, since the grants need them and
-- migrations run before the first start's seed (which then finds them in place).
INSERT INTO "roles" ("slug", "name") VALUES
  ('superAdmin', 'Super admin'),
  ('admin', 'Admin'),
  ('moderator', 'Moderator'),
  ('editor', 'Editor'),
  ('user', 'User'),
  ('unverified', 'Unverified')
ON CONFLICT ("slug") DO NOTHING;
--> statement-breakpoint
INSERT INTO "permissions" ("name", "description") VALUES
  ('admin.access', 'Open the admin area: its index, users, roles, permissions, system and settings pages'),
  ('ads.moderate', 'See every ad; approve, reject and change the status of any ad'),
  ('reports.handle', 'Handle reports of ads, conversations and accounts'),
  ('blog.manage', 'Write and publish blog posts'),
  ('pages.manage', 'Write and publish info pages'),
  ('users.manage', 'Create, change, verify, block and delete accounts'),
  ('users.impersonate', 'Act as another account to see what they see'),
  ('roles.manage', 'Create roles and choose their permissions'),
  ('settings.manage', 'Change the app settings'),
  ('audit.read', 'Read the audit log')
ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT r.id, p.id FROM "roles" r JOIN "permissions" p ON (r.slug, p.name) IN (
  ('superAdmin', 'admin.access'),
  ('superAdmin', 'ads.moderate'),
  ('superAdmin', 'reports.handle'),
  ('superAdmin', 'blog.manage'),
  ('superAdmin', 'pages.manage'),
  ('superAdmin', 'users.manage'),
  ('superAdmin', 'users.impersonate'),
  ('superAdmin', 'roles.manage'),
  ('superAdmin', 'settings.manage'),
  ('superAdmin', 'audit.read'),
  ('admin', 'admin.access'),
  ('admin', 'ads.moderate'),
  ('admin', 'reports.handle'),
  ('admin', 'blog.manage'),
  ('admin', 'pages.manage'),
  ('admin', 'users.manage'),
  ('admin', 'users.impersonate'),
  ('admin', 'roles.manage'),
  ('admin', 'settings.manage'),
  ('admin', 'audit.read'),
  ('moderator', 'ads.moderate'),
  ('moderator', 'reports.handle'),
  ('editor', 'blog.manage'),
  ('editor', 'pages.manage')
)
ON CONFLICT DO NOTHING;
