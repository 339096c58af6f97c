import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { employeeListItem, employeeRecord } from '@/test/mocks';
import { demoUser, errorBody, jsonResponse, mockFetch, renderApp, signIn } from '@/test/utils';

const me = employeeListItem({ name: 'Amina Haddad', username: 'admin', email: 'admin@demo.clinic' });
const nurse = employeeListItem({ _id: 'user-2', publicId: 'EMP-000002', name: 'Mariam Saleh', username: 'msaleh', employeeType: 'Nurse', roleIds: [{ _id: 'r2', name: 'Nurse' }] });

function api(status: (body: unknown) => Response, profile: Record<string, unknown> = demoUser) {
  const puts: unknown[] = [];
  const deletes: string[] = [];
  mockFetch((url, init) => {
    if (url.pathname === '/api/profile') return jsonResponse(200, { success: true, data: profile });
    if (init.method === 'PUT') {
      const body = JSON.parse(String(init.body));
      puts.push(body);
      return status(body);
    }
    if (init.method === 'DELETE') {
      deletes.push(url.pathname);
      return jsonResponse(200, { success: true, message: 'Employee deleted successfully' });
    }
    return jsonResponse(200, { success: true, data: [me, nurse], pagination: { current_page: 1, items_per_page: 10, has_next_page: false, has_previous_page: false, total_items: 2, total_pages: 1, total_exact: true } });
  });
  return { puts, deletes };
}

describe('users list: status and deletion', () => {
  it('asks before switching an account off, and puts the switch back with an error toast when it fails', async () => {
    const calls = api(() => jsonResponse(500, errorBody('An unexpected error occurred', 'INTERNAL')));
    signIn();
    const user = userEvent.setup();
    renderApp('/');
    const toggle = await screen.findByRole('switch', { name: 'Account status of Mariam Saleh' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(toggle).not.toBeChecked();
    const dialog = await screen.findByRole('dialog', { name: 'Change Account Status' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Failed to update user status')).toBeInTheDocument();
    await waitFor(() => expect(toggle).toBeChecked());
    // With the version the row was shown with: the server refuses the switch if someone changed the account meanwhile.
    expect(calls.puts).toEqual([{ isActive: false, version: 1 }]);
  });

  it('confirms a status change with the server\'s message as a toast', async () => {
    const calls = api(() => jsonResponse(200, { success: true, message: 'Employee deactivated', data: employeeRecord({ _id: nurse._id, publicId: nurse.publicId, name: nurse.name, employeeType: 'Nurse', isActive: false }) }));
    signIn();
    const user = userEvent.setup();
    const { router } = renderApp('/');
    await user.click(await screen.findByRole('switch', { name: 'Account status of Mariam Saleh' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Employee deactivated')).toBeInTheDocument();
    expect(calls.puts).toEqual([{ isActive: false, version: 1 }]);
    expect(router.state.location.pathname).toBe('/');
  });

  it('keeps the switch as it was when the confirmation is cancelled', async () => {
    const calls = api(() => jsonResponse(200, { success: true, data: {} }));
    signIn();
    const user = userEvent.setup();
    const { router } = renderApp('/');
    const toggle = await screen.findByRole('switch', { name: 'Account status of Mariam Saleh' });
    await user.click(toggle);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(toggle).toBeChecked());
    expect(calls.puts).toEqual([]);
    expect(router.state.location.pathname).toBe('/');
  });

  it('does not let users switch off or delete their own account', async () => {
    api(() => jsonResponse(200, { success: true, data: {} }));
    signIn();
    renderApp('/');
    expect(await screen.findByRole('switch', { name: 'Account status of Amina Haddad' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Delete Amina Haddad' })).not.toBeInTheDocument();
    expect(screen.getByTestId('own-account-hint')).toHaveTextContent('This is your account');
  });

  it('deletes another user after confirmation', async () => {
    const calls = api(() => jsonResponse(200, { success: true, data: {} }));
    signIn();
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Delete Mariam Saleh' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this User? This action cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.deletes).toEqual(['/api/employees/user-2']));
  });

  it('leads people without user permissions from the users list to the screen of their day', async () => {
    const receptionist = { permissions: ['patient_read', 'appointment_read'], roles: ['Receptionist'], employeeType: 'Administrative' as const };
    api(() => jsonResponse(403, errorBody('You do not have permission to do this', 'FORBIDDEN')), { ...demoUser, ...receptionist });
    signIn(receptionist);
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/appointments/calendar'));
    expect(screen.queryByTestId('users-table')).not.toBeInTheDocument();
  });
});
