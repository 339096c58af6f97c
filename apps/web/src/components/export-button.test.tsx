import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@clinic/shared';
import { demoUser, jsonResponse, mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import { ExportButton, exportFileName } from './export-button';

describe('export button', () => {
  beforeEach(async () => {
    await setLanguage('en');
  });

  it('names the file after the list and the day', () => {
    expect(exportFileName('/patients', new Date(2026, 2, 10))).toBe('patients-2026-03-10.csv');
    expect(exportFileName('/cliniccollections/', new Date(2026, 11, 1))).toBe('cliniccollections-2026-12-01.csv');
    expect(exportFileName(routes.exports.specializations.path, new Date(2026, 0, 5))).toBe('specializations-2026-01-05.csv');
  });

  it('is hidden without data_export', () => {
    signIn({ permissions: ['patient_read'] });
    renderWithProviders(<ExportButton route={routes.exports.patients} query={{ search: 'sara' }} />);
    expect(screen.queryByTestId('export-button')).toBeNull();
  });

  it('downloads <path>/export.csv with the list\'s filters and the session\'s token, without paging', async () => {
    signIn({ permissions: ['patient_read', 'data_export'] });
    const seen: Array<{ url: URL; auth: string | null }> = [];
    mockFetch((url, init) => {
      if (url.pathname === '/api/profile') return jsonResponse(200, { success: true, data: { ...demoUser, permissions: ['patient_read', 'data_export'] } });
      seen.push({ url, auth: new Headers(init.headers).get('authorization') });
      return new Response('\uFEFFID,Name\r\n', { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8' } });
    });
    const createObjectURL = vi.fn(() => 'blob:csv');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderWithProviders(<ExportButton route={routes.exports.patients} query={{ search: 'sara', isActive: 'true', page: 3, limit: 10 }} />);
    await userEvent.click(screen.getByTestId('export-button'));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(seen[0]!.url.pathname).toBe('/api/patients/export.csv');
    expect(Object.fromEntries(seen[0]!.url.searchParams)).toEqual({ search: 'sara', isActive: 'true' });
    expect(seen[0]!.auth).toBe('Bearer access-1');
    click.mockRestore();
  });
});
