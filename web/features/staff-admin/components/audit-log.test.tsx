// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Permission } from '../../../../common/access';
import fi from '../../../i18n/fi.json';
import { createI18n } from '../../../lib/i18n';
import { I18nProvider } from '../../../lib/use-translation';
import { AuditLog } from './audit-log';

const uuid = 'a3f1c6a2-0000-4000-8000-000000000314';
const moderator = { id: 3, name: 'Maija Moderaattori', email: 'moderator@example.com' };
const resolved = {
  id: 90,
  actor: moderator,
  impersonator: null,
  action: 'report_resolved',
  entity: 'report',
  entity_id: '12',
  data: {
    subject: { id: 314, type: 'product' },
    action: 'hide_ad',
    rule: 'fraud',
    note: 'Kuvat ovat toisesta ilmoituksesta.',
    reports: [12, 13],
    before: { status: 'active' },
    after: { status: 'canceled' },
  },
  ip: '127.0.0.1',
  created_at: '2026-11-27T10:00:00Z',
  ads: [{ id: 314, uuid, name: 'Helkama Jopo 24' }],
};
const login = {
  id: 91,
  actor: { id: 5, name: 'Sanna', email: 'sanna@example.com' },
  impersonator: null,
  action: 'login',
  entity: 'user',
  entity_id: '5',
  data: { second_factor: 'recovery_code' },
  ip: null,
  created_at: '2026-11-27T11:00:00Z',
  ads: [],
};

function show(entries: (typeof resolved | typeof login)[], permissions: Permission[]) {
  const i18n = createI18n('fi', { fi });
  const Stub = createRoutesStub([
    {
      path: '/admin/audit-log',
      Component: () => (
        <AuditLog
          entries={entries}
          values={{ action: '', entity: '', entity_id: '', actor: '', from: '', to: '' }}
          errors={{}}
          total={entries.length}
          page={1}
          lastPage={1}
          permissions={permissions}
        />
      ),
    },
  ]);
  render(
    <I18nProvider i18n={i18n}>
      <Stub initialEntries={['/admin/audit-log']} />
    </I18nProvider>,
  );
}

afterEach(cleanup);

describe('AuditLog', () => {
  it('writes a report decision in the reader’s language with a link to the ad it was about', () => {
    show([resolved], ['audit.read', 'reports.handle']);
    const entry = screen.getByRole('article');
    expect(within(entry).getByRole('heading', { level: 2 }).textContent).toBe('Asiattomuusilmoitus käsitelty');
    const ad = within(entry).getByRole('link', { name: /Helkama Jopo 24/ });
    expect(ad.getAttribute('href')).toBe(`/${uuid}`);
    expect(ad.textContent).toContain('Ilmoitus #314');
    expect(
      within(entry)
        .getByRole('link', { name: /Asiattomuusilmoitus #12/ })
        .getAttribute('href'),
    ).toBe('/admin/reports?status=resolved');
    const text = entry.textContent ?? '';
    expect(text).toContain(fi.admin_reports.action_hide_ad);
    expect(text).toContain(fi.reports.rules.fraud);
    expect(text).toContain(`${fi.status.active}`);
    expect(text).toContain(`${fi.status.canceled}`);
    expect(text).toContain('#12, #13');
    for (const raw of ['report_resolved', 'hide_ad', 'fraud', '"type"', 'active', 'canceled', 'rule:', 'action:', 'subject:']) {
      expect(text, raw).not.toContain(raw);
    }
  });

  it('names the second factor and links a user only for staff who may open the users page', () => {
    show([login], ['audit.read']);
    const entry = screen.getByRole('article');
    expect(entry.textContent).toContain('Palautuskoodi');
    expect(entry.textContent).not.toContain('recovery_code');
    expect(within(entry).queryByRole('link', { name: /Käyttäjä #5/ })).toBeNull();
    cleanup();
    show([login], ['audit.read', 'users.manage']);
    expect(screen.getByRole('link', { name: /Käyttäjä #5/ }).getAttribute('href')).toBe('/admin/users?q=5');
  });
});
