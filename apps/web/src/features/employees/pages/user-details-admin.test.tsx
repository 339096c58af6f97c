import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { employeeRecord } from '@/test/mocks';
import { demoUser, jsonResponse, mockFetch, renderApp, signIn } from '@/test/utils';

/** An administrator's account, opened by someone who manages user accounts (`profile`'s permissions). */
function open(path: string, permissions: string[]) {
  const admin = employeeRecord({ _id: 'admin-9', publicId: 'EMP-000009', name: 'Sara Admin', administrator: true });
  const profile = { ...demoUser, _id: 'manager-3', permissions };
  signIn(profile);
  mockFetch((url) => {
    if (url.pathname === '/api/profile') return jsonResponse(200, { success: true, data: profile });
    if (url.pathname === `/api/employees/${admin._id}`) return jsonResponse(200, { success: true, data: admin });
    return jsonResponse(200, { success: true, data: [] });
  });
  renderApp(path);
}

const managing = ['user_read', 'user_update', 'user_delete', 'employee_read', 'employee_write'];

describe('an administrator\'s account, seen by a user manager who is not one', () => {
  it('offers no edit, removal, status switch or sessions on the details page', async () => {
    open('/users/details/admin-9', managing);
    expect(await screen.findByTestId('user-details')).toHaveTextContent('Sara Admin');
    expect(screen.queryByTestId('edit-user')).not.toBeInTheDocument();
    expect(screen.queryByTestId('delete-user')).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });

  it('says why in place of the form when the edit page is opened by its address', async () => {
    open('/users/edit/admin-9', managing);
    expect(await screen.findByTestId('administrator-protected')).toHaveTextContent('only an administrator can change their account');
    expect(screen.queryByTestId('user-form')).not.toBeInTheDocument();
  });

  it('offers them to an administrator', async () => {
    open('/users/details/admin-9', [...managing, 'admin']);
    expect(await screen.findByTestId('edit-user')).toBeInTheDocument();
    expect(screen.getByTestId('delete-user')).toBeInTheDocument();
  });
});
