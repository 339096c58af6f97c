import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ImportBatch, ImportBatchDetails } from '@clinic/shared';
import { errorBody, jsonResponse, listOf, ok } from '@/test/mocks';
import { mockFetch, renderWithProviders, signIn } from '@/test/utils';
import ImportsPage from './imports-page';

const ID = '55555555-5555-4555-8555-555555555555';
const base: ImportBatch = {
  _id: ID, kind: 'patients', fileName: 'مرضى.csv', status: 'checked', mapping: { name: 'الاسم', phone: 'الجوال', dateOfBirth: 'تاريخ الميلاد', gender: 'الجنس' },
  totalRows: 3, validRows: 2, refusedRows: 1, duplicateRows: 0, importedRows: 0, lastError: null,
  createdAt: '2026-11-20T09:30:00Z', finishedAt: null, undoneAt: null, version: 1,
};
const checked: ImportBatchDetails = {
  ...base, columns: ['الاسم', 'الجوال', 'تاريخ الميلاد', 'الجنس'],
  problems: [{ row: 3, column: 'الجوال', kind: 'refused', message: 'Not a phone number of this country', existing: null, duplicateOfRow: null }],
};

function importsApi(opts: { refuse?: boolean } = {}) {
  const sent: Array<{ method: string; path: string; body: unknown }> = [];
  let history: ImportBatch[] = [];
  mockFetch((url, init) => {
    const method = init.method ?? 'GET';
    sent.push({ method, path: url.pathname, body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body });
    if (method === 'POST' && url.pathname === '/api/imports') {
      if (opts.refuse) return jsonResponse(422, errorBody('The file holds a formula in cell B3; paste values only and upload it again', 'IMPORT_FORMULA'));
      history = [base];
      return jsonResponse(201, ok(checked));
    }
    if (url.pathname === `/api/imports/${ID}/start`) {
      history = [{ ...base, status: 'imported', importedRows: 2, version: 3 }];
      return jsonResponse(202, ok({ ...base, status: 'importing', version: 2 }));
    }
    if (url.pathname === `/api/imports/${ID}/undo`) {
      history = [{ ...base, status: 'undone', importedRows: 2, version: 4 }];
      return jsonResponse(200, ok(history[0]));
    }
    if (url.pathname === `/api/imports/${ID}`) return jsonResponse(200, ok({ ...history[0]!, problems: [] }));
    return jsonResponse(200, listOf(history));
  }, { profile: {} });
  return sent;
}

const file = () => new File(['الاسم,الجوال\nسارة,0501234567\n'], 'مرضى.csv', { type: 'text/csv' });

describe('the import wizard', () => {
  it('uploads a file, shows the columns and each refused row, imports, then undoes after confirming', async () => {
    const sent = importsApi();
    signIn();
    const { container } = renderWithProviders(<ImportsPage />, '/imports', { route: '/imports' });
    await userEvent.upload(container.querySelector('input[type=file]') as HTMLInputElement, file());
    const report = await screen.findByTestId('import-report');
    expect(within(report).getByTestId('import-problem')).toHaveTextContent('3الجوالRefusedNot a phone number of this country');
    expect(screen.getByTestId('import-summary')).toHaveTextContent('3 rows: 2 can be imported, 1 refused, 0 likely duplicates.');
    expect(within(screen.getByTestId('import-mapping')).getAllByLabelText('Field for the column الجوال')[0]).toHaveValue('Mobile *');
    const upload = sent.find((s) => s.method === 'POST' && s.path === '/api/imports')!;
    expect((upload.body as FormData).get('kind')).toBe('patients');

    await userEvent.click(screen.getByRole('button', { name: 'Import 2 rows' }));
    expect(sent.find((s) => s.path.endsWith('/start'))!.body).toEqual({ duplicates: 'skip', version: 1 });
    expect(await screen.findByTestId('import-done')).toHaveTextContent('2 patients imported.');

    await userEvent.click(await screen.findByTestId('import-undo'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('The 2 records imported from مرضى.csv will be removed.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(sent.find((s) => s.path.endsWith('/undo'))?.body).toEqual({ version: 3 }));
    expect(await screen.findByText('Undone')).toBeInTheDocument();
  });

  it('says in the history why an import stopped', async () => {
    const stopped = 'Stopped: the account that started this import can no longer import. The rows written so far stay; undo takes them back';
    mockFetch(() => jsonResponse(200, listOf([{ ...base, status: 'failed', importedRows: 0, lastError: stopped, version: 3 }])), { profile: {} });
    signIn();
    renderWithProviders(<ImportsPage />, '/imports', { route: '/imports' });
    const row = await screen.findByTestId('import-batch');
    expect(row).toHaveTextContent('Stopped');
    expect(row).toHaveTextContent(stopped);
  });

  it('says why a file is refused, and accepts a dropped file', async () => {
    importsApi({ refuse: true });
    signIn();
    renderWithProviders(<ImportsPage />, '/imports', { route: '/imports' });
    fireEvent.drop(screen.getByTestId('import-drop'), { dataTransfer: { files: [file()] } });
    expect(await screen.findByTestId('import-error')).toHaveTextContent('The file holds a formula in cell B3');
    expect(screen.queryByTestId('import-checked')).not.toBeInTheDocument();
  });

  it('offers every kind of import and sends the one chosen, its fields in the column mapping', async () => {
    const sent = importsApi();
    signIn();
    const { container } = renderWithProviders(<ImportsPage />, '/imports', { route: '/imports' });
    const picker = screen.getByRole('radiogroup', { name: 'What to import' });
    expect(within(picker).getAllByRole('radio').map((r) => r.closest('label, div')?.textContent ?? (r as HTMLInputElement).value))
      .toEqual(expect.arrayContaining([expect.stringContaining('Patients'), expect.stringContaining('Doctors and staff'), expect.stringContaining('Services'), expect.stringContaining('Appointments')]));
    await userEvent.click(within(picker).getByLabelText('Services'));
    await userEvent.upload(container.querySelector('input[type=file]') as HTMLInputElement, file());
    await screen.findByTestId('import-report');
    expect((sent.find((s) => s.method === 'POST' && s.path === '/api/imports')!.body as FormData).get('kind')).toBe('services');
  });
});
