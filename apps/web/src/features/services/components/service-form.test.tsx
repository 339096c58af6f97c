import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { demoUser, emptyList, jsonResponse, mockFetch, renderApp, signIn } from '@/test/utils';

if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} }, configurable: true });
}

const CLINIC = '11111111-1111-4111-8111-111111111111';
const OMAR = '22222222-2222-4222-8222-222222222222';
const EMILY = '33333333-3333-4333-8333-333333333333';
const MALAZ = '44444444-4444-4444-8444-444444444444';
const list = (data: unknown[]) => ({ ...emptyList(), data });

function servicesApi() {
  const posted: unknown[] = [];
  mockFetch((url, init) => {
    if (url.pathname === '/api/profile') return jsonResponse(200, { success: true, data: demoUser });
    if (url.pathname === '/api/clinics') return jsonResponse(200, list([{ _id: CLINIC, name: 'Olaya Clinic' }, { _id: MALAZ, name: 'Malaz Clinic' }]));
    if (url.pathname === '/api/employees') {
      return jsonResponse(200, list([
        { _id: OMAR, name: 'Dr. Omar Haddad', clinics: [{ _id: CLINIC, name: 'Olaya Clinic' }] },
        { _id: EMILY, name: 'Dr. Emily Carter', clinics: [{ _id: MALAZ, name: 'Malaz Clinic' }] },
      ]));
    }
    if (url.pathname === '/api/services' && init.method === 'POST') {
      posted.push(JSON.parse(String(init.body)));
      return jsonResponse(201, { success: true, message: 'Service created', data: {} });
    }
    return jsonResponse(200, emptyList());
  });
  return posted;
}

describe('service form', { timeout: 30_000 }, () => {
  it("states the spec's rules: required fields, a positive price, at least one doctor", async () => {
    const posted = servicesApi();
    signIn();
    const user = userEvent.setup();
    renderApp('/services/add');
    await user.click(await screen.findByRole('button', { name: 'Add Service' }, { timeout: 5000 }).then((b) => b));
    for (const message of ['Name is required', 'Description is required', 'Price is required', 'Clinic is required', 'At least one doctor must be selected']) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    await user.type(screen.getByRole('textbox', { name: /Price/ }), '-5');
    await user.tab();
    expect(await screen.findByText('Price must be positive')).toBeInTheDocument();
    expect(posted).toHaveLength(0);
  });

  it('offers only the doctors of the chosen clinic and sends the service', async () => {
    const posted = servicesApi();
    signIn();
    const user = userEvent.setup();
    const { router } = renderApp('/services/add');
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
      clinic: CLINIC, doctors: [OMAR], isActive: true,
    }]);
  });

  it('asks for the clinic before the doctors, and a change of clinic lets go of the doctors who do not work there', async () => {
    servicesApi();
    signIn();
    const user = userEvent.setup();
    renderApp('/services/add');
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
