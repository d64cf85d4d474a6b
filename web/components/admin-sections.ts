import {
  BookA,
  FileText,
  FolderTree,
  Flag,
  KeyRound,
  LayoutDashboard,
  Megaphone,
  Newspaper,
  ScrollText,
  Server,
  Settings2,
  ShieldAlert,
  ShieldCheck,
  Users,
} from 'lucide-react';
import type { ComponentType } from 'react';
import { type Permission, can } from '../../common/access';

export interface AdminSection {
  /** `admin_menu.<key>` is its label. */
  key: string;
  to: string;
  /** Shown to those the access policy lets open the page; the page's own guard asks the same. */
  permission: Permission;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean; className?: string }>;
  /** Also in the drawer's admin menu (spec: blog, category, advertisements, users, roles; plus each staff role's own work). */
  inDrawer: boolean;
}

/** The admin area's sections in the order its navigation lists them: the one list the drawer and the area's side menu share. */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { key: 'overview', to: '/admin', permission: 'admin.access', icon: LayoutDashboard, inDrawer: true },
  { key: 'advertisements', to: '/admin/advertisements', permission: 'ads.moderate', icon: Megaphone, inDrawer: true },
  { key: 'reports', to: '/admin/reports', permission: 'reports.handle', icon: Flag, inDrawer: true },
  { key: 'safety', to: '/admin/safety', permission: 'reports.handle', icon: ShieldAlert, inDrawer: false },
  { key: 'users', to: '/admin/users', permission: 'users.manage', icon: Users, inDrawer: true },
  { key: 'roles', to: '/admin/roles', permission: 'roles.manage', icon: ShieldCheck, inDrawer: true },
  { key: 'permissions', to: '/admin/permissions', permission: 'roles.manage', icon: KeyRound, inDrawer: false },
  { key: 'category', to: '/admin/categories', permission: 'categories.manage', icon: FolderTree, inDrawer: true },
  { key: 'search_words', to: '/admin/search-words', permission: 'categories.manage', icon: BookA, inDrawer: false },
  { key: 'blog', to: '/admin/blog', permission: 'blog.manage', icon: Newspaper, inDrawer: true },
  { key: 'pages', to: '/admin/pages', permission: 'pages.manage', icon: FileText, inDrawer: true },
  { key: 'audit_log', to: '/admin/audit-log', permission: 'audit.read', icon: ScrollText, inDrawer: false },
  { key: 'system', to: '/admin/phpinfo', permission: 'admin.access', icon: Server, inDrawer: false },
  { key: 'app_settings', to: '/admin/app-settings', permission: 'settings.manage', icon: Settings2, inDrawer: false },
];

/** The sections this person may open. */
export function adminSectionsFor(actor: { permissions: readonly Permission[] } | null | undefined): AdminSection[] {
  return ADMIN_SECTIONS.filter((section) => can(actor, section.permission));
}
