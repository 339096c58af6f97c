import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { EmployeeListItem } from '@clinic/shared';
import { SEARCH_DEBOUNCE_MS } from '@/components/list';
import { employeeListItem } from '@/test/mocks';
import { demoUser, jsonResponse, mockFetch, renderApp, signIn } from '@/test/utils';

const me = employeeListItem({ name: 'Amina Haddad', username: 'admin', email: 'admin@demo.clinic' });
const nurse = employeeListItem({
  _id: 'user-2', publicId: 'EMP-000002', name: 'Mariam Saleh', username: 'msaleh', employeeType: 'Nurse', roleIds: [{ _id: 'r2', name: 'Nurse' }], isActive: false,
});

function usersApi(rows: EmployeeListItem[] = [me, nurse], total = rows.length) {
  const requests: URL[] = [];
  const fetchMock = mockFetch((url) => {
    if (url.pathname === '/api/profile') return jsonResponse(200, { success: true, data: demoUser });
    requests.push(url);
    return jsonResponse(200, {
      success: true,
      data: rows,
      pagination: { current_page: 1, items_per_page: 10, has_next_page: total > 10, has_previous_page: false, total_items: total, total_pages: Math.ceil(total / 10) || 1, total_exact: true },
    });
  });
  return { fetchMock, requests, lastQuery: () => Object.fromEntries(requests.at(-1)?.searchParams ?? []) };
}

describe('users list', () => {
  it('lists users with their ID, roles, type and status, and marks the own account', async () => {
    usersApi();
    signIn();
    renderApp('/');
    const table = await screen.findByTestId('users-table');
    await within(table).findByText('Mariam Saleh');
    const rows = within(table).getAllByRole('row');
    const [, first, second] = rows;

    expect(first).toHaveTextContent('001');
    expect(first).toHaveTextContent('EMP-000001');
    expect(first).toHaveTextContent('Amina Haddad');
    expect(within(first as HTMLElement).getByText('This is your account')).toBeInTheDocument();
    expect(first).toHaveTextContent('Active');

    expect(second).toHaveTextContent('002');
    expect(second).toHaveTextContent('Mariam Saleh');
    expect(second).toHaveTextContent('Nurse');
    expect(second).toHaveTextContent('Inactive');
    expect(within(second as HTMLElement).queryByText('This is your account')).not.toBeInTheDocument();
    expect(screen.getByText('Showing 1–2 of 2')).toBeInTheDocument();
  });

  it('asks for the first page, newest first, 10 per page', async () => {
    const api = usersApi();
    signIn();
    renderApp('/users');
    await screen.findByText('Mariam Saleh');
    expect(api.lastQuery()).toEqual({ page: '1', limit: '10', sortBy: '_id', order: 'desc', hasAccount: 'true' });
  });

  it('offers Add New User only to those allowed to create users', async () => {
    signIn({ permissions: ['user_read'], roles: ['Receptionist'], employeeType: 'Administrative' });
    mockFetch((url) =>
      url.pathname === '/api/profile'
        ? jsonResponse(200, { success: true, data: { ...demoUser, permissions: ['user_read'] } })
        : jsonResponse(200, { success: true, data: [], pagination: { current_page: 1, items_per_page: 10, has_next_page: false, has_previous_page: false, total_items: 0, total_pages: 1, total_exact: true } }),
    );
    renderApp('/');
    expect(await screen.findByText('No User Found')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add New User' })).not.toBeInTheDocument();
  });

  it('links Add New User to the add form for administrators', async () => {
    usersApi();
    signIn();
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Add New User' })).toHaveAttribute('href', '/users/add');
  });

  it('filters by status and role, back on page 1', async () => {
    const api = usersApi();
    signIn();
    const user = userEvent.setup();
    const { router } = renderApp('/?page=2');
    await screen.findByText('Mariam Saleh');

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Inactive' }));
    await waitFor(() => expect(api.lastQuery()).toMatchObject({ page: '1', isActive: 'false' }));

    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Admin' }));
    await waitFor(() => expect(api.lastQuery()).toMatchObject({ filter_fields: '{"roleName":"Admin"}', isActive: 'false' }));
    expect(new URLSearchParams(router.state.location.search).get('page')).toBeNull();
  });

  it('searches once the user stops typing', async () => {
    const api = usersApi();
    signIn();
    const user = userEvent.setup();
    renderApp('/');
    await screen.findByText('Mariam Saleh');
    const before = api.requests.length;

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'mariam');
    await waitFor(() => expect(api.lastQuery()).toMatchObject({ search: 'mariam' }), { timeout: SEARCH_DEBOUNCE_MS * 4 });
    expect(api.requests.length).toBe(before + 1);
  });

  it('sorts by a column', async () => {
    const api = usersApi();
    signIn();
    const user = userEvent.setup();
    renderApp('/');
    await screen.findByText('Mariam Saleh');
    await user.click(screen.getByRole('button', { name: 'Sort by User name' }));
    await waitFor(() => expect(api.lastQuery()).toMatchObject({ sortBy: 'name', order: 'asc' }));
  });

  it('opens the details of a user from the row', async () => {
    usersApi();
    signIn();
    const user = userEvent.setup();
    const { router } = renderApp('/');
    await user.click(await screen.findByText('Mariam Saleh'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/details/user-2'));
  });

  it('says when no user matches', async () => {
    usersApi([]);
    signIn();
    const user = userEvent.setup();
    const { router } = renderApp('/?search=nobody&status=inactive');
    expect(await screen.findByText('No User Found')).toBeInTheDocument();
    expect(screen.getByText('Try another search or clear the filters.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  });
});
