// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type RoleSlug, permissionsOf } from '../../common/access';
import type { SessionUser } from '../../server/load-context';
import en from '../i18n/en.json';
import { api } from '../lib/api-client';
import { createI18n } from '../lib/i18n';
import { I18nProvider } from '../lib/use-translation';
import { Drawer } from './drawer';

const i18n = createI18n('en', { en });

const person = (roles: RoleSlug[]): SessionUser => ({
  id: 7,
  name: 'Maija',
  email: 'maija@example.com',
  avatar: null,
  roles,
  permissions: permissionsOf(roles),
  emailVerified: true,
  themeDark: false,
  impersonated: false,
});

function adminMenu(roles: RoleSlug[]): string[] | null {
  const Stub = createRoutesStub([{ path: '/', Component: () => <Drawer isOpen onOpenChange={() => {}} user={person(roles)} /> }]);
  render(
    <I18nProvider i18n={i18n}>
      <Stub initialEntries={['/']} />
    </I18nProvider>,
  );
  const nav = screen.queryByRole('navigation', { name: 'Administration' });
  return nav
    ? within(nav)
        .getAllByRole('link')
        .map((link) => `${link.textContent} ${link.getAttribute('href')}`)
    : null;
}

const queues = vi.spyOn(api, 'adminQueues');
beforeEach(() => {
  queues.mockReset().mockResolvedValue({ data: {} });
});
afterEach(cleanup);

describe('the drawer’s admin menu', () => {
  it('shows a moderator the advertisements and the reports', () => {
    expect(adminMenu(['user', 'moderator'])).toEqual(['Advertisements /admin/advertisements', 'Reports /admin/reports']);
  });

  it('shows an editor the blog and the info pages', () => {
    expect(adminMenu(['user', 'editor'])).toEqual(['Blog /admin/blog', 'Info pages /admin/pages']);
  });

  it('shows an admin the spec’s items and the overview, and a plain user none', () => {
    expect(adminMenu(['user', 'admin'])).toEqual([
      'Overview /admin',
      'Advertisements /admin/advertisements',
      'Reports /admin/reports',
      'Users /admin/users',
      'Roles /admin/roles',
      'Categories /admin/categories',
      'Blog /admin/blog',
      'Info pages /admin/pages',
    ]);
    cleanup();
    expect(adminMenu(['user'])).toBeNull();
  });

  it('shows a moderator how many ads wait for review and how many reports are open', async () => {
    queues.mockResolvedValue({ data: { ads_to_review: 4, open_reports: 0 } });
    adminMenu(['user', 'moderator']);
    const nav = screen.getByRole('navigation', { name: 'Administration' });
    await waitFor(() => expect(within(nav).getByRole('link', { name: /Advertisements/ }).textContent).toBe('Advertisements4 waiting'));
    // An empty queue has no badge.
    expect(within(nav).getByRole('link', { name: /Reports/ }).textContent).toBe('Reports');
  });

  it('asks nobody but staff for the queues', () => {
    adminMenu(['user']);
    expect(queues).not.toHaveBeenCalled();
  });
});
