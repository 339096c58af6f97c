import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cleanup } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { appointmentsRequest } from '@/features/appointments';
import { auditRequest } from '@/features/audit';
import { invoicesRequest } from '@/features/billing';
import { clinicsRequest } from '@/features/clinics';
import { departmentsRequest } from '@/features/departments';
import { complexesRequest } from '@/features/complexes';
import { patientsRequest } from '@/features/patients';
import { employeesRequest } from '@/features/employees';
import { usersRequest } from '@/features/employees';
import { servicesRequest } from '@/features/services';
import { specializationsRequest } from '@/features/specializations';
import { demoUser, jsonResponse, mockFetch, renderWithProviders, signIn } from '@/test/utils';
import { ExportButton, type ExportButtonProps } from './export-button';

/** The request each list's export button sends, one line each (`GET /api/...export.csv?query`). */
async function exportLines(requests: ExportButtonProps[]): Promise<string[]> {
  const permissions = ['data_export', 'patient_read'];
  signIn({ permissions });
  const lines: string[] = [];
  mockFetch((url) => {
    if (url.pathname === '/api/profile') return jsonResponse(200, { success: true, data: { ...demoUser, permissions } });
    lines.push(`GET ${url.pathname}${url.search}`);
    return new Response('\uFEFFID\r\n', { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8' } });
  });
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv'), revokeObjectURL: vi.fn() });
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  for (const props of requests) {
    const before = click.mock.calls.length;
    renderWithProviders(<ExportButton {...props} />);
    await userEvent.click(await screen.findByTestId('export-button'));
    await waitFor(() => expect(click.mock.calls.length).toBe(before + 1));
    cleanup();
  }
  click.mockRestore();
  return lines;
}

describe('the export requests of every list', () => {
  it('are the same bytes they have always been', async () => {
    const list = { page: 2, limit: 25, search: 'sa ra', sortBy: 'name', order: 'asc' as const };
    expect(await exportLines([
      appointmentsRequest({ ...list, sortBy: 'datetime', status: 'Scheduled' as never, date: '2026-03-10' }),
      auditRequest({ page: 1, limit: 10, sortBy: 'createdAt', order: 'desc', actor: 'a/b 1', entity: 'patients', action: 'update', from: '2026-03-01', to: '2026-03-10' }),
      complexesRequest({ ...list, status: 'active' }),
      clinicsRequest({ ...list, status: 'inactive' }),
      departmentsRequest({ ...list, status: null }),
      employeesRequest({ ...list, employeeType: 'Doctor', status: 'active', clinicId: 'c/1', gender: 'female' as never, excludeDoctors: false }),
      usersRequest({ ...list, status: null, role: 'Admin' }),
      invoicesRequest({ ...list, sortBy: 'issuedAt', status: 'paid' as never, clinic: null, patient: 'p 1', insurer: null, from: '2026-01-01', to: null }),
      patientsRequest({ ...list, status: 'active', dateOfBirth: '1990-05-01', incomplete: true }),
      servicesRequest({ ...list, sortBy: 'price', status: 'ACTIVE' }),
      specializationsRequest({ ...list, status: 'inactive' }),
    ])).toMatchInlineSnapshot(`
      [
        "GET /api/appointments/export.csv?sortBy=datetime&order=asc&search=sa+ra&status=Scheduled&date=2026-03-10",
        "GET /api/audit/export.csv?sortBy=createdAt&order=desc&actor=a%2Fb+1&entity=patients&action=update&from=2026-03-01&to=2026-03-10",
        "GET /api/cliniccollections/export.csv?sortBy=name&order=asc&search=sa+ra&isActive=true",
        "GET /api/clinics/export.csv?sortBy=name&order=asc&search=sa+ra&isActive=false",
        "GET /api/departments/export.csv?sortBy=name&order=asc&search=sa+ra",
        "GET /api/employees/export.csv?sortBy=name&order=asc&search=sa+ra&isActive=true&employeeType=Doctor&clinicId=c%2F1&gender=female",
        "GET /api/employees/export.csv?sortBy=name&order=asc&search=sa+ra&filter_fields=%7B%22roleName%22%3A%22Admin%22%7D&hasAccount=true",
        "GET /api/invoices/export.csv?sortBy=issuedAt&order=asc&search=sa+ra&status=paid&patient=p+1&from=2026-01-01",
        "GET /api/patients/export.csv?sortBy=name&order=asc&search=sa+ra&isActive=true&dateOfBirth=1990-05-01&incomplete=true",
        "GET /api/services/export.csv?sortBy=price&order=asc&search=sa+ra&status=ACTIVE",
        "GET /api/specializations/export.csv?sortBy=name&order=asc&search=sa+ra&isActive=false",
      ]
    `);
  });
});
