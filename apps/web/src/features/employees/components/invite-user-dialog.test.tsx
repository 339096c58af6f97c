import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { InvitationSent } from '@clinic/shared';
import { employeeListItem, employeeRecord } from '@/test/mocks';
import { demoUser, errorBody, jsonResponse, mockFetch, renderApp, renderWithProviders, signIn } from '@/test/utils';
import { InviteUserDialog } from './invite-user-dialog';

const ROLES = [{ _id: '0a5c9e64-1111-4a4a-8b8b-000000000001', name: 'Cashier' }, { _id: '0a5c9e64-1111-4a4a-8b8b-000000000002', name: 'Nurse' }];
const CLINICS = [{ _id: '0a5c9e64-1111-4a4a-8b8b-000000000003', name: 'Heart Clinic' }];
const list = (data: unknown[]) => ({ success: true, data, pagination: { current_page: 1, items_per_page: 1000, has_next_page: false, has_previous_page: false, total_items: data.length, total_pages: 1, total_exact: true } });

function sent(over: Partial<InvitationSent> = {}): InvitationSent {
  return { _id: 'inv-1', employee: 'emp-9', email: 'huda@clinic.test', expiresAt: new Date(Date.now() + 72 * 3_600_000).toISOString(), link: 'https://clinic.test/invite?token=abc', emailed: false, ...over };
}

function inviteApi(answer: () => Response) {
  const posts: unknown[] = [];
  mockFetch((url, init) => {
    if (url.pathname === '/api/profile') return jsonResponse(200, { success: true, data: demoUser });
    if (url.pathname === '/api/invitations' && init.method === 'POST') {
      posts.push(JSON.parse(String(init.body)));
      return answer();
    }
    return jsonResponse(200, list(url.pathname === '/api/roles' ? ROLES : url.pathname === '/api/clinics' ? CLINICS : []));
  });
  signIn();
  const onClose = vi.fn();
  renderWithProviders(<InviteUserDialog opened onClose={onClose} />);
  return { posts, onClose };
}

async function fillAndSend(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByTestId('invite-name'), 'Huda Nasser');
  await user.type(screen.getByTestId('invite-email'), 'Huda@Clinic.test');
  await user.click(screen.getByTestId('invite-roles'));
  await user.click(await screen.findByRole('option', { name: 'Cashier' }));
  await user.click(screen.getByTestId('invite-submit'));
}

describe('invite by e-mail', { timeout: 30_000 }, () => {
  it('asks for a name, a valid e-mail and a role before sending anything', async () => {
    const { posts } = inviteApi(() => jsonResponse(201, { success: true, data: sent() }));
    const user = userEvent.setup();
    await user.type(await screen.findByTestId('invite-email'), 'not-an-address');
    await user.click(screen.getByTestId('invite-submit'));
    expect(await screen.findByText('At least one role is required')).toBeInTheDocument();
    expect(screen.getByTestId('invite-name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('invite-email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('invite-type')).toHaveValue('Administrative');
    expect(posts).toHaveLength(0);
  });

  it('without e-mail on the server: shows the link to send yourself, with a copy button and when it expires', async () => {
    const { posts } = inviteApi(() => jsonResponse(201, { success: true, data: sent() }));
    const user = userEvent.setup();
    await fillAndSend(user);
    expect(await screen.findByTestId('invite-send-yourself')).toHaveTextContent(/Copy the link below and send it to \u2066huda@clinic\.test\u2069, for example/);
    expect(screen.getByTestId('invite-link')).toHaveValue('https://clinic.test/invite?token=abc');
    expect(screen.getByTestId('invite-copy')).toHaveTextContent('Copy link');
    expect(screen.getByTestId('invite-expires')).toHaveTextContent(/works for 3 days, until .+\d{2}:\d{2}/);
    expect(screen.queryByTestId('invite-emailed')).not.toBeInTheDocument();
    expect(posts).toEqual([{ name: 'Huda Nasser', email: 'huda@clinic.test', employeeType: 'Administrative', roleIds: ['0a5c9e64-1111-4a4a-8b8b-000000000001'], clinics: [] }]);
  });

  it('with e-mail on the server: says it was sent, and still offers the link', async () => {
    inviteApi(() => jsonResponse(201, { success: true, data: sent({ emailed: true }) }));
    const user = userEvent.setup();
    await fillAndSend(user);
    expect(await screen.findByTestId('invite-emailed')).toHaveTextContent(/Invitation sent to \u2066huda@clinic\.test\u2069/);
    expect(screen.queryByTestId('invite-send-yourself')).not.toBeInTheDocument();
    expect(screen.getByTestId('invite-copy')).toBeInTheDocument();
  });

  it("puts the server's refusal on its field", async () => {
    inviteApi(() => jsonResponse(422, errorBody('Validation failed', 'VALIDATION_ERROR', { email: 'This e-mail address is already in use' })));
    const user = userEvent.setup();
    await fillAndSend(user);
    await waitFor(() => expect(screen.getByTestId('invite-email')).toHaveAccessibleDescription('This e-mail address is already in use'));
    expect(screen.queryByTestId('invite-result')).not.toBeInTheDocument();
  });
});

describe('invited people in the users list', { timeout: 30_000 }, () => {
  const row = employeeListItem({
    _id: 'emp-9', publicId: 'EMP-000009', name: 'Huda Nasser', username: null, email: 'huda@clinic.test', employeeType: 'Administrative',
    roleIds: [{ _id: '0a5c9e64-1111-4a4a-8b8b-000000000001', name: 'Cashier' }], hasAccount: false, incomplete: true,
  });

  function listApi(invitation: { expiresAt: string; expired: boolean }) {
    const resent: string[] = [];
    mockFetch((url, init) => {
      if (url.pathname === '/api/profile') return jsonResponse(200, { success: true, data: demoUser });
      if (url.pathname === '/api/employees/emp-9/invitation' && init.method === 'POST') {
        resent.push(url.pathname);
        return jsonResponse(201, { success: true, data: sent({ link: 'https://clinic.test/invite?token=new' }) });
      }
      return jsonResponse(200, list(url.pathname === '/api/employees' ? [{ ...row, invitation }] : []));
    });
    signIn();
    renderApp('/');
    return resent;
  }

  it('marks a pending invitation and an incomplete HR record, which leads to the edit form', async () => {
    listApi({ expiresAt: '2030-01-01T10:00:00Z', expired: false });
    const table = await screen.findByTestId('users-table');
    const huda = (await within(table).findByText('Huda Nasser')).closest('tr') as HTMLElement;
    expect(within(huda).getByTestId('invitation-pending')).toHaveTextContent('Invited');
    expect(within(huda).getByTestId('hr-incomplete')).toHaveAttribute('href', '/users/edit/emp-9');
    expect(within(huda).queryByText('Active')).not.toBeInTheDocument();
  });

  it('offers a new link for an expired invitation', async () => {
    const resent = listApi({ expiresAt: '2020-01-01T10:00:00Z', expired: true });
    const user = userEvent.setup();
    const table = await screen.findByTestId('users-table');
    const huda = (await within(table).findByText('Huda Nasser')).closest('tr') as HTMLElement;
    expect(within(huda).getByTestId('invitation-expired')).toHaveTextContent('Invitation expired');
    await user.click(within(huda).getByRole('button', { name: 'Resend the invitation to Huda Nasser' }));
    expect(await screen.findByTestId('invite-link')).toHaveValue('https://clinic.test/invite?token=new');
    expect(resent).toEqual(['/api/employees/emp-9/invitation']);
  });

  it('the details page of an invited person shows the invitation and leads to completing the HR record', async () => {
    const record = employeeRecord({ _id: 'emp-9', name: 'Huda Nasser', username: null, hasAccount: false, invitation: { expiresAt: '2030-01-01T10:00:00Z', expired: false }, incomplete: true });
    mockFetch((url) => {
      if (url.pathname === '/api/profile') return jsonResponse(200, { success: true, data: demoUser });
      if (url.pathname === '/api/employees/emp-9') return jsonResponse(200, { success: true, data: record });
      return jsonResponse(200, list([]));
    });
    signIn();
    renderApp('/users/details/emp-9');
    // In place of the last sign-in, which there has not been.
    expect(await screen.findByTestId('last-login')).toHaveTextContent('Invited');
    expect(screen.getByTestId('hr-incomplete')).toHaveAttribute('href', '/users/edit/emp-9');
  });
});
