import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@clinic/shared';
import { errorBody, jsonResponse, listOf, ok } from '@/test/mocks';
import { mockFetch, renderWithProviders, signIn } from '@/test/utils';
import { RecordAccessCard } from '../components/record-access-card';
import AuditPage from './audit-page';

const update: AuditEntry = {
  _id: '42',
  action: 'update',
  entity: 'patient',
  entityId: 'p-1',
  actor: { _id: 'u-9', name: 'Layla Mansour' },
  changes: { before: { bloodType: 'A+' }, after: { bloodType: 'O-' } },
  ip: '10.0.0.7',
  userAgent: 'Firefox',
  requestId: 'req-1',
  createdAt: '2026-11-20T09:30:00Z',
};
const denied: AuditEntry = { ...update, _id: '41', action: 'permission_denied', entity: 'route', entityId: 'GET /api/audit', changes: null };

function auditApi(rows: AuditEntry[]) {
  const requests: URL[] = [];
  mockFetch((url) => {
    if (url.pathname === '/api/audit/filters') {
      return jsonResponse(200, ok({ entities: ['patient', 'route'], actions: ['permission_denied', 'update'], actors: [{ _id: 'u-9', name: 'Layla Mansour' }] }));
    }
    requests.push(url);
    return jsonResponse(200, listOf(rows));
  }, { profile: {} });
  return { lastQuery: () => Object.fromEntries(requests.at(-1)?.searchParams ?? []) };
}

describe('audit log screen', () => {
  it('lists who did what and shows the before and after of a change', async () => {
    auditApi([update, denied]);
    signIn();
    renderWithProviders(<AuditPage />, '/audit', { route: '/audit' });
    const table = await screen.findByTestId('audit-table');
    await within(table).findByText('Permission refused');
    expect(within(table).getAllByText('Layla Mansour')).toHaveLength(2);
    expect(table).toHaveTextContent('Patient');

    await userEvent.click(within(table).getByText('Updated'));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('bloodType')).toBeInTheDocument();
    expect(within(drawer).getByText('"A+"')).toBeInTheDocument();
    expect(within(drawer).getByText('"O-"')).toBeInTheDocument();
    expect(drawer).toHaveTextContent('10.0.0.7');
  });

  it.each([
    ['clinical', 'vital_signs', 'audit-clinical-hidden', 'shown only to people who may read clinical records'],
    ['sensitive', 'prescription', 'audit-sensitive-hidden', 'Recorded at a sensitive visit: shown only to its doctor'],
  ])('says why an entry\'s %s details are not shown', async (redacted, entity, testId, text) => {
    const entry: AuditEntry = { ...update, _id: '44', action: 'create', entity, changes: { redacted } };
    auditApi([entry]);
    signIn();
    renderWithProviders(<AuditPage />, '/audit', { route: '/audit' });
    const table = await screen.findByTestId('audit-table');
    await userEvent.click(await within(table).findByText('Created'));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByTestId(testId)).toHaveTextContent(text);
  });

  it('shows what each record is instead of its id, linked to its details page', async () => {
    const created: AuditEntry = { ...update, _id: '43', action: 'create', entityId: 'p-2', changes: { after: { publicId: 'PAT-000301', name: 'Omar Khalil' } } };
    const vitalsRead: AuditEntry = { ...update, _id: '44', action: 'read', entityId: 'p-3', changes: { part: 'vitals' } };
    auditApi([update, created, denied, vitalsRead]);
    signIn();
    renderWithProviders(<AuditPage />, '/audit', { route: '/audit' });
    const table = await screen.findByTestId('audit-table');
    await within(table).findByText('Permission refused');
    expect(table).not.toHaveTextContent('p-1');
    expect(within(table).getByRole('link', { name: 'Open Patient: Omar Khalil · PAT-000301' })).toHaveAttribute('href', '/patients/details/p-2');
    expect(within(table).getByRole('link', { name: 'Open this record (Patient)' })).toHaveAttribute('href', '/patients/details/p-1');
    expect(table).toHaveTextContent('GET /api/audit');
    // A read of the clinical record says which part was read.
    const read = within(table).getByRole('link', { name: 'Open Patient: vitals' });
    expect(read).toHaveAttribute('href', '/patients/details/p-3');
    expect(read).toHaveTextContent('Patient · vitals');
  });

  it('filters by user, sending the filter to the server', async () => {
    const api = auditApi([update]);
    signIn();
    renderWithProviders(<AuditPage />, '/audit', { route: '/audit' });
    await screen.findByTestId('audit-table');
    await userEvent.click(screen.getByRole('combobox', { name: 'User' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Layla Mansour' }));
    await waitFor(() => expect(api.lastQuery().actor).toBe('u-9'));
  });
});

describe('record access on a patient', () => {
  it('shows who opened the record to holders of audit_read, and asks the server for that record only', async () => {
    const requests: URL[] = [];
    const read: AuditEntry = { ...update, _id: '50', action: 'read', changes: null, entityId: 'p-1', actor: { _id: 'u-3', name: 'Noura Al-Qahtani' } };
    mockFetch((url) => {
      if (url.pathname === '/api/audit') {
        requests.push(url);
        return jsonResponse(200, listOf([read], { items_per_page: 5 }));
      }
      return jsonResponse(404, errorBody('not found', 'NOT_FOUND'));
    }, { profile: {} });
    signIn();
    renderWithProviders(<RecordAccessCard entity="patient" entityId="p-1" />);
    const card = await screen.findByTestId('record-access');
    await within(card).findByText('Noura Al-Qahtani');
    expect(within(card).getByText('Viewed')).toBeInTheDocument();
    expect(Object.fromEntries(requests[0]!.searchParams)).toMatchObject({ entity: 'patient', entityId: 'p-1', limit: '5' });
  });
});
