import { describe, expect, it } from 'vitest';
import { auditSearch, finnishMidnight, parseAuditFilters } from './audit-filters';

describe('finnishMidnight', () => {
  it('is the start of the day in Finnish time, winter and summer', () => {
    expect(finnishMidnight('2026-11-24')?.toISOString()).toBe('2026-11-23T22:00:00.000Z');
    expect(finnishMidnight('2026-07-01')?.toISOString()).toBe('2026-06-30T21:00:00.000Z');
    expect(finnishMidnight('2026-02-30')).toBeNull();
    expect(finnishMidnight('eilen')).toBeNull();
  });
});

describe('parseAuditFilters', () => {
  it('turns the form into the service’s query, the dates as whole Finnish days', () => {
    const { query, errors, values } = parseAuditFilters(
      new URLSearchParams('actor=12&action=role_updated&entity=role&entity_id=7&from=2026-11-01&to=2026-11-24&page=3'),
    );
    expect(errors).toEqual({});
    expect(values.action).toBe('role_updated');
    expect(query).toEqual({
      page: 3,
      per_page: 25,
      actor_id: 12,
      action: 'role_updated',
      entity: 'role',
      entity_id: '7',
      from: '2026-10-31T22:00:00.000Z',
      to: '2026-11-24T22:00:00.000Z',
    });
  });

  it('names what it cannot read and leaves those filters out', () => {
    const { query, errors } = parseAuditFilters(new URLSearchParams('actor=9999999999&from=2026-13-01&to=2026-11-24&page=-4'));
    expect(errors).toEqual({ actor: 'audit.filters.bad_id', from: 'audit.filters.bad_date' });
    expect(query).toEqual({ page: 1, per_page: 25, to: '2026-11-24T22:00:00.000Z' });
    const backwards = parseAuditFilters(new URLSearchParams('from=2026-11-24&to=2026-11-01'));
    expect(backwards.errors).toEqual({ to: 'audit.range' });
    expect(backwards.query.from).toBeUndefined();
    // One day, from and to the same: that whole day.
    expect(parseAuditFilters(new URLSearchParams('from=2026-11-24&to=2026-11-24')).errors).toEqual({});
  });

  it('reads a number as the account and any other text as part of a name or address', () => {
    expect(parseAuditFilters(new URLSearchParams('actor=7')).query).toMatchObject({ actor_id: 7 });
    const byName = parseAuditFilters(new URLSearchParams('actor=+Anna%40example '));
    expect(byName.query).toMatchObject({ actor: 'Anna@example' });
    expect(byName.query.actor_id).toBeUndefined();
  });

  it('keeps the filters in links without the empty ones', () => {
    expect(auditSearch({ action: 'login', entity: '', actor: '3' })).toBe('?action=login&actor=3');
    expect(auditSearch({})).toBe('?');
  });
});
