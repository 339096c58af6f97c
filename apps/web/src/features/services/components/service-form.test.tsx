import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { drEmily, drOmar, emptyList, jsonResponse, listOf, malazClinic, olayaClinic, serviceRecord } from '@/test/mocks';
import { expectFieldError, mockFetch, renderWithProviders, signIn } from '@/test/utils';
import AddServicePage from '../pages/add-service-page';

function servicesApi() {
  const posted: unknown[] = [];
  mockFetch((url, init) => {
    if (url.pathname === '/api/clinics') return jsonResponse(200, listOf([olayaClinic, malazClinic]));
    if (url.pathname === '/api/employees') {
      return jsonResponse(200, listOf([{ ...drOmar, clinics: [olayaClinic] }, { ...drEmily, clinics: [malazClinic] }]));
    }
    if (url.pathname === '/api/services' && init.method === 'POST') {
      posted.push(JSON.parse(String(init.body)));
      return jsonResponse(201, { success: true, message: 'Service created', data: serviceRecord() });
    }
    return jsonResponse(200, emptyList());
  }, { profile: {} });
  return posted;
}

const renderAddPage = () => renderWithProviders(<AddServicePage />, '/services/add', { route: '/services/add' });

describe('service form', { timeout: 30_000 }, () => {
  it('marks a missing field with its message and sends nothing', async () => {
    const posted = servicesApi();
    signIn();
    const user = userEvent.setup();
    renderAddPage();
    await user.click(await screen.findByRole('button', { name: 'Add Service' }));
    await expectFieldError(screen.getByRole('textbox', { name: /Name/ }), 'Name is required');
    expect(posted).toHaveLength(0);
  });

  it('offers only the doctors of the chosen clinic and sends the service', async () => {
    const posted = servicesApi();
    signIn();
    const user = userEvent.setup();
    const { router } = renderAddPage();
    await user.type(await screen.findByRole('textbox', { name: /Name/ }), 'Cardiology check-up');
    await user.type(screen.getByRole('textbox', { name: /Description/ }), 'Heart check with ECG');
    await user.type(screen.getByRole('textbox', { name: /Price/ }), '300');
    await user.click(screen.getByRole('combobox', { name: /Clinic/ }));
    await user.click(await screen.findByRole('option', { name: 'Olaya Clinic' }));
    await user.click(screen.getByRole('combobox', { name: /Provided by/ }));
    await user.click(await screen.findByRole('option', { name: 'Dr. Omar Haddad' }));
    expect(screen.queryByRole('option', { name: /Emily Carter/ })).not.toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Add Service' }).at(-1)!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/services'));
    expect(posted).toEqual([{
      name: 'Cardiology check-up', description: 'Heart check with ECG', price: 300, durationMinutes: null, bufferBeforeMinutes: 0, bufferAfterMinutes: 0,
      clinic: olayaClinic._id, doctors: [drOmar._id], isActive: true,
    }]);
  });

  it('asks for the clinic before the doctors, and a change of clinic lets go of the doctors who do not work there', async () => {
    servicesApi();
    signIn();
    const user = userEvent.setup();
    renderAddPage();
    expect(await screen.findByPlaceholderText('Choose the clinic first')).toBeDisabled();

    await user.click(screen.getByRole('combobox', { name: /Clinic/ }));
    await user.click(await screen.findByRole('option', { name: 'Malaz Clinic' }));
    await user.click(screen.getByRole('combobox', { name: /Provided by/ }));
    await user.click(await screen.findByRole('option', { name: 'Dr. Emily Carter' }));
    expect(screen.queryByRole('option', { name: /Omar Haddad/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: /Clinic/ }));
    await user.click(await screen.findByRole('option', { name: 'Olaya Clinic' }));
    await waitFor(() => expect(screen.queryByText('Dr. Emily Carter')).not.toBeInTheDocument());
    await user.click(screen.getByRole('combobox', { name: /Provided by/ }));
    expect(await screen.findByRole('option', { name: 'Dr. Omar Haddad' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Emily Carter/ })).not.toBeInTheDocument();
  });
});
