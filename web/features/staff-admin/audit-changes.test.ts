import { describe, expect, it } from 'vitest';
import { auditChanges } from './audit-changes';

describe('auditChanges', () => {
  it('lists only the fields an update changed, and lists as added and removed items', () => {
    expect(
      auditChanges({
        before: { name: 'Tuki', surname: null, phone: '0401234567', roles: ['user', 'moderator'] },
        after: { name: 'Asiakastuki', surname: null, phone: '0401234567', roles: ['user', 'editor'] },
      }),
    ).toEqual({
      changes: [
        { field: 'name', kind: 'value', before: 'Tuki', after: 'Asiakastuki' },
        { field: 'roles', kind: 'list', added: ['editor'], removed: ['moderator'] },
      ],
      details: [],
    });
  });

  it('shows every field of something created or deleted, and the rest as details', () => {
    const deleted = auditChanges({ before: { slug: 'tuki', permissions: ['reports.handle'] }, moved_users: 3, moved_to: null });
    expect(deleted.changes).toEqual([
      { field: 'slug', kind: 'value', before: 'tuki', after: null },
      { field: 'permissions', kind: 'list', added: [], removed: ['reports.handle'] },
    ]);
    expect(deleted.details).toEqual([
      { key: 'moved_users', value: '3', raw: 3 },
      { key: 'moved_to', value: '—', raw: null },
    ]);
  });

  it('reads a status move as a change of status, with the reason beside it', () => {
    expect(auditChanges({ from: 'moderate', to: 'canceled', reason: 'Kuvat puuttuvat' })).toEqual({
      changes: [{ field: 'status', kind: 'value', before: 'moderate', after: 'canceled' }],
      details: [{ key: 'reason', value: 'Kuvat puuttuvat', raw: 'Kuvat puuttuvat' }],
    });
    expect(auditChanges(null)).toEqual({ changes: [], details: [] });
    expect(auditChanges({ second_factor: 'code' }).details).toEqual([{ key: 'second_factor', value: 'code', raw: 'code' }]);
  });
});
