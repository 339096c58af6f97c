import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS, permissionGroup, type RoleRecord } from '@clinic/shared';
import { jsonResponse, listOf, ok } from '@/test/mocks';
import { expectFieldError, mockFetch, renderWithProviders, signIn } from '@/test/utils';
import RolesPage from './roles-page';

const admin: RoleRecord = { _id: 'r1', name: 'Admin', isSystem: true, permissions: ['admin'], usersCount: 2, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z', version: 1 };
const nurse: RoleRecord = { ...admin, _id: 'r2', name: 'Nurse', permissions: ['patient_read', 'appointment_read'], usersCount: 3 };

function api() {
  const posts: unknown[] = [];
  const created: RoleRecord[] = [];
  mockFetch((url, init) => {
    if (url.pathname === '/api/permissions') return jsonResponse(200, ok(PERMISSIONS.map((code) => ({ code, group: permissionGroup(code) }))));
    if (init.method === 'POST') {
      const body = JSON.parse(String(init.body));
      posts.push(body);
      created.push({ ...nurse, _id: 'r3', usersCount: 0, ...body });
      return jsonResponse(201, { success: true, message: 'Role created successfully', data: created.at(-1) });
    }
    return jsonResponse(200, listOf([...created, admin, nurse], { items_per_page: 5 }));
  }, { profile: {} });
  return posts;
}

const renderRoles = (path = '/roles') => renderWithProviders(<RolesPage />, path, { route: '/roles' });

describe('roles screen', () => {
  it('lists the roles five a page with what they grant', async () => {
    api();
    signIn();
    renderRoles();
    const table = await screen.findByTestId('roles-table');
    expect(await within(table).findByText('All permissions')).toBeInTheDocument();
    expect(within(table).getByText('View patients')).toBeInTheDocument();
    expect(screen.getByText('Showing 1–2 of 2')).toBeInTheDocument();
  });

  it('creates a role from ticked permissions, after marking a missing name', async () => {
    const posts = api();
    signIn();
    const user = userEvent.setup();
    renderRoles();
    await user.click(await screen.findByTestId('add-role'));
    const form = await screen.findByTestId('role-form');
    await user.click(within(form).getByTestId('role-submit'));
    await expectFieldError(within(form).getByTestId('role-name'), 'Role name is required');
    await user.type(within(form).getByTestId('role-name'), 'Lab Technician');
    await user.click(await within(form).findByTestId('permission-patient_read'));
    await user.click(within(form).getByTestId('permission-appointment_read'));
    await user.click(within(form).getByTestId('role-submit'));
    await waitFor(() => expect(posts).toEqual([{ name: 'Lab Technician', permissions: ['patient_read', 'appointment_read'] }]));
    expect(await screen.findByText('Role created successfully')).toBeInTheDocument();
  });

  it('shows a new role first, highlighted, however many pages the list has', async () => {
    api();
    signIn();
    const user = userEvent.setup();
    const { router } = renderRoles('/roles?page=2&search=nur');
    await user.click(await screen.findByTestId('add-role'));
    const form = await screen.findByTestId('role-form');
    await user.type(within(form).getByTestId('role-name'), 'Lab Technician');
    await user.click(await within(form).findByTestId('permission-patient_read'));
    await user.click(within(form).getByTestId('role-submit'));
    await waitFor(() => expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ sortBy: 'createdAt', order: 'desc' }));
    const row = await within(screen.getByTestId('roles-table')).findByRole('row', { name: 'Lab Technician' });
    expect(row).toHaveAttribute('data-highlighted');
    expect(within(screen.getByTestId('roles-table')).getByRole('row', { name: 'Nurse' })).not.toHaveAttribute('data-highlighted');
  });
});
