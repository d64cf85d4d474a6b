import { AD_STATUSES } from '../../../common/ad-rules';

/**
 * Every action the server writes to the audit log (a test reads the server's call sites and fails
 * when one is missing here), offered in the filter and each with a label in every language.
 */
export const AUDIT_ACTIONS = [
  'login',
  'register',
  'verify_email',
  'reset_password',
  'change_password',
  'enable_two_factor',
  'regenerate_recovery_codes',
  'disable_two_factor',
  'end_other_sessions',
  'delete_account',
  'oauth_login',
  'oauth_register',
  'oauth_link',
  'oauth_unlink',
  'identity_verified',
  'identity_removed',
  'impersonation_start',
  'impersonation_end',
  'user_created',
  'user_updated',
  'user_verified',
  'user_unverified',
  'user_blocked',
  'user_unblocked',
  'user_deleted',
  'user_held',
  'user_released',
  'role_created',
  'role_updated',
  'role_deleted',
  'settings_updated',
  ...AD_STATUSES.map((status) => `ad_status_${status}` as const),
  'ad_published_unreviewed',
  'report_resolved',
  'appeal_made',
  'appeal_decided',
  'category_created',
  'category_updated',
  'category_moved',
  'category_hidden',
  'category_shown',
  'category_merged',
  'category_deleted',
  'attribute_created',
  'attribute_updated',
  'attributes_reordered',
  'attribute_retired',
  'attribute_restored',
  'blog_post_created',
  'blog_post_updated',
  'blog_post_published',
  'blog_category_created',
  'blog_category_updated',
  'blog_category_deleted',
  'info_page_updated',
  'info_page_restored',
  'retention_mailAndLogs',
  'retention_sessions',
  'retention_messages',
  'retention_exports',
] as const;

/** The translation keys an action's label is made of ("Ad status: {{status}}" and the status for an ad's status change). */
export function auditActionKeys(action: string): string[] {
  const status = /^ad_status_(\w+)$/.exec(action)?.[1];
  return status ? ['audit.actions.ad_status', `status.${status}`] : [`audit.actions.${action}`];
}
