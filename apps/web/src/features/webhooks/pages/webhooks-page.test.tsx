import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { WebhookDeliveryRecord, WebhookEndpointRecord } from '@clinic/shared';
import { jsonResponse, ok } from '@/test/mocks';
import { mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import WebhooksPage from './webhooks-page';

const endpoint = (over: Partial<WebhookEndpointRecord> = {}): WebhookEndpointRecord => ({
  _id: '11111111-1111-4111-8111-111111111111', url: 'https://erp.example/hook', description: 'ERP', events: ['appointment.booked', 'invoice.paid'],
  enabled: true, disabledReason: null, disabledAt: null, consecutiveFailures: 0, createdAt: '2026-03-10T06:00:00.000Z', updatedAt: '2026-03-10T06:00:00.000Z',
  version: 1, lastDelivery: { status: 'delivered', responseStatus: 200, at: '2026-03-10T07:00:00.000Z' }, ...over,
});
const delivery: WebhookDeliveryRecord = {
  _id: '22222222-2222-4222-8222-222222222222', endpointId: endpoint()._id, messageId: 'msg_1', eventType: 'appointment.booked', status: 'failed', attempts: 3,
  responseStatus: 500, responseBody: 'upstream down', lastError: 'answered 500', replayOf: null, createdAt: '2026-03-10T07:00:00.000Z',
  lastAttemptAt: '2026-03-10T07:05:00.000Z', deliveredAt: null, payload: { type: 'appointment.booked' },
};
const pagination = { current_page: 1, items_per_page: 10, has_next_page: false, has_previous_page: false, total_items: 1, total_pages: 1, total_exact: true };

function webhooksApi(list: WebhookEndpointRecord[], refuseUrl: string | null = null) {
  const state = { sent: [] as Array<{ method: string; path: string; body: unknown }> };
  mockFetch((url, init) => {
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(String(init.body)) as unknown : null;
    if (method !== 'GET') state.sent.push({ method, path: url.pathname, body });
    if (url.pathname === '/api/webhooks' && method === 'GET') return jsonResponse(200, ok(list));
    if (refuseUrl && (body as { url?: string } | null)?.url === refuseUrl) {
      return jsonResponse(422, { success: false, message: { message: 'Some fields are invalid.', code: 'WEBHOOK_TARGET_REFUSED', fields: { url: 'This address cannot receive webhooks: it points at a private or local network' } } });
    }
    if (url.pathname === '/api/webhooks' && method === 'POST') {
      return jsonResponse(201, ok({ ...endpoint({ _id: '33333333-3333-4333-8333-333333333333', url: (body as { url: string }).url, lastDelivery: null }), secret: 'whsec_c2VjcmV0LXNob3duLW9uY2Utb25seSEh' }));
    }
    if (method === 'PUT') return jsonResponse(200, ok(endpoint({ ...(body as object), version: 2 })));
    if (url.pathname.endsWith('/deliveries')) return jsonResponse(200, { success: true, data: [delivery], pagination });
    if (url.pathname.endsWith('/replay')) return jsonResponse(201, ok({ ...delivery, _id: '44444444-4444-4444-8444-444444444444', status: 'pending', replayOf: delivery._id }));
    return jsonResponse(200, { success: true });
  }, { profile: {} });
  return state;
}

describe('the webhooks page', () => {
  beforeEach(async () => {
    await setLanguage('en');
    signIn();
  });

  it('lists endpoints with their last delivery, and adds one with grouped events, showing its secret once', async () => {
    const api = webhooksApi([endpoint()]);
    const user = userEvent.setup();
    renderWithProviders(<WebhooksPage />, '/settings/webhooks', { route: '/settings/webhooks' });
    const row = await screen.findByTestId('webhook-endpoint');
    expect(within(row).getByText('https://erp.example/hook')).toBeInTheDocument();
    expect(within(row).getByText('2 events')).toBeInTheDocument();
    expect(within(row).getByText(/Delivered · 200/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const form = await screen.findByTestId('webhook-form');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Choose at least one event')).toBeInTheDocument();
    expect(api.sent).toHaveLength(0);
    await user.type(within(form).getByLabelText(/Endpoint address/), 'https://crm.example/in');
    await user.click(within(within(form).getByTestId('webhook-group-invoice')).getByLabelText('Paid'));
    await user.click(within(within(form).getByTestId('webhook-group-patient')).getByLabelText('Created'));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent[0]).toEqual({
      method: 'POST', path: '/api/webhooks', body: { url: 'https://crm.example/in', description: '', events: ['invoice.paid', 'patient.created'], enabled: true },
    }));
    expect(await screen.findByTestId('webhook-secret')).toHaveTextContent('whsec_c2VjcmV0LXNob3duLW9uY2Utb25seSEh');
    expect(screen.getByText(/it is not shown again/)).toBeInTheDocument();
  });

  it('shows the delivery log with each answer and replays a delivery', async () => {
    const api = webhooksApi([endpoint({ enabled: false, disabledReason: 'failed 20 times in a row', consecutiveFailures: 20 })]);
    const user = userEvent.setup();
    renderWithProviders(<WebhooksPage />, '/settings/webhooks', { route: '/settings/webhooks' });
    const row = await screen.findByTestId('webhook-endpoint');
    expect(within(row).getByText('Turned off after 20 failures in a row')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Delivery log' }));
    const entry = await screen.findByTestId('webhook-delivery');
    expect(within(entry).getByText('500')).toBeInTheDocument();
    expect(within(entry).getByText('upstream down')).toBeInTheDocument();
    expect(within(entry).getByText('Failed')).toBeInTheDocument();
    await user.click(within(entry).getByRole('button', { name: 'Replay' }));
    await waitFor(() => expect(api.sent).toContainEqual({ method: 'POST', path: `/api/webhooks/deliveries/${delivery._id}/replay`, body: null }));
  });

  it('puts the API\'s refusal of the address on the address field, and saves a change with the version it was read at', async () => {
    const api = webhooksApi([endpoint()], 'https://intranet.example/in');
    const user = userEvent.setup();
    renderWithProviders(<WebhooksPage />, '/settings/webhooks', { route: '/settings/webhooks' });
    const row = await screen.findByTestId('webhook-endpoint');
    await user.click(within(row).getByRole('button', { name: 'Endpoint actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit endpoint' }));
    const form = await screen.findByTestId('webhook-form');
    const address = within(form).getByLabelText(/Endpoint address/);
    expect(address).toHaveValue('https://erp.example/hook');
    await user.clear(address);
    await user.type(address, 'https://intranet.example/in');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const message = await within(form).findByText('This address cannot receive webhooks: it points at a private or local network');
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(address.getAttribute('aria-describedby')).toContain(message.id);
    expect(screen.getByTestId('webhook-form')).toBeInTheDocument();
    await user.clear(address);
    await user.type(address, 'https://erp.example/v2');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent.at(-1)).toEqual({
      method: 'PUT', path: `/api/webhooks/${endpoint()._id}`,
      body: { url: 'https://erp.example/v2', description: 'ERP', events: ['appointment.booked', 'invoice.paid'], enabled: true, version: 1 },
    }));
    await waitFor(() => expect(screen.queryByTestId('webhook-form')).not.toBeInTheDocument());
  });

  it('shows each endpoint as a card on a phone, its delivery log one tap away', async () => {
    webhooksApi([endpoint({ enabled: false, disabledReason: 'failing for 24 hours', consecutiveFailures: 4 })]);
    const user = userEvent.setup();
    renderWithProviders(<WebhooksPage />, '/settings/webhooks', { route: '/settings/webhooks' });
    const card = await screen.findByTestId('webhook-endpoint-card');
    expect(within(card).getByText('https://erp.example/hook')).toBeInTheDocument();
    expect(within(card).getByText('Off')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Delivery log' }));
    expect(await screen.findByTestId('webhook-delivery')).toBeInTheDocument();
  });

  it('reads in Arabic', async () => {
    await setLanguage('ar');
    webhooksApi([endpoint()]);
    renderWithProviders(<WebhooksPage />, '/settings/webhooks', { route: '/settings/webhooks' });
    const row = await screen.findByTestId('webhook-endpoint');
    expect(within(row).getByText('حدثان')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إضافة نقطة استقبال' })).toBeInTheDocument();
  });
});
