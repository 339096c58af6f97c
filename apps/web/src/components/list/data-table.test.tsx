import { useState } from 'react';
import { createPortal } from 'react-dom';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setDisplay } from '@/lib/format/display';
import { renderWithProviders } from '@/test/utils';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, rowNumber, type DataTableColumn } from './data-table';

interface Patient {
  id: string;
  name: string;
}

const columns: DataTableColumn<Patient>[] = [{ key: 'name', header: 'Name', sortKey: 'name', render: (p) => p.name }];
const patients: Patient[] = [
  { id: 'p1', name: 'Layla Mansour' },
  { id: 'p2', name: 'Omar Khalil' },
];

function renderTable(props: Partial<Parameters<typeof DataTable<Patient>>[0]> = {}) {
  return renderWithProviders(
    <DataTable<Patient>
      columns={columns}
      rows={patients}
      getRowKey={(p) => p.id}
      emptyText="No Patients Found"
      data-testid="patients-table"
      {...props}
    />,
  );
}

const bodyRows = () => within(screen.getByTestId('patients-table')).getAllByRole('row').slice(1);

describe('DataTable', () => {
  it('numbers rows with three digits', () => {
    renderTable({ page: 1, limit: 10 });
    const [first, second] = bodyRows();
    expect(first).toHaveTextContent('001');
    expect(first).toHaveTextContent('Layla Mansour');
    expect(second).toHaveTextContent('002');
  });

  it('keeps counting across pages', () => {
    renderTable({ page: 2, limit: 10 });
    expect(bodyRows()[0]).toHaveTextContent('011');
    expect(bodyRows()[1]).toHaveTextContent('012');
    expect(rowNumber(13, 30, 4)).toBe('365');
    expect(rowNumber(1, 30, 4, 'en')).toBe('005');
  });

  it('numbers rows with the user\'s digits in Arabic', () => {
    expect(rowNumber(1, 30, 4, 'ar')).toBe('005');
    setDisplay({ hijriMode: 'off', digits: 'arab' });
    try {
      expect(rowNumber(1, 30, 4, 'ar')).toBe('٠٠٥');
      expect(rowNumber(1, 30, 4, 'en')).toBe('005');
    } finally {
      setDisplay({ hijriMode: 'off', digits: 'latn' });
    }
  });

  it('opens a row by click and by keyboard', async () => {
    const onRowClick = vi.fn();
    const user = userEvent.setup();
    renderTable({ onRowClick, rowLabel: (p) => p.name });

    await user.click(screen.getByText('Omar Khalil'));
    expect(onRowClick).toHaveBeenLastCalledWith(patients[1]);

    const firstRow = screen.getByRole('row', { name: 'Layla Mansour' });
    firstRow.focus();
    await user.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenLastCalledWith(patients[0]);
    await user.keyboard(' ');
    expect(onRowClick).toHaveBeenCalledTimes(3);
  });

  it('does not open the row when a control inside it is used', async () => {
    const onRowClick = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <DataTable<Patient>
        columns={[{ key: 'action', header: 'Action', render: () => <button type="button">Delete</button> }]}
        rows={patients.slice(0, 1)}
        getRowKey={(p) => p.id}
        emptyText="No Patients Found"
        onRowClick={onRowClick}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onRowClick).not.toHaveBeenCalled();
  });

  it('does not open the row from a dialog a cell opened (Cancel and Confirm stay in the dialog)', async () => {
    const onRowClick = vi.fn();
    const onConfirm = vi.fn();
    const user = userEvent.setup();
    function AskFirst() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>Switch off</button>
          <ConfirmDialog opened={open} title="Change status" text="Sure?" onCancel={() => setOpen(false)} onConfirm={() => { onConfirm(); setOpen(false); }} />
        </>
      );
    }
    renderWithProviders(
      <DataTable<Patient>
        columns={[{ key: 'status', header: 'Status', render: () => <AskFirst /> }]}
        rows={patients.slice(0, 1)}
        getRowKey={(p) => p.id}
        emptyText="No Patients Found"
        onRowClick={onRowClick}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Switch off' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Switch off' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await user.click(screen.getByRole('button', { name: 'Switch off' }));
    await user.click(within(await screen.findByRole('dialog')).getByText('Sure?'));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onRowClick).not.toHaveBeenCalled();
  });

  it('does not open the row from what a cell renders through a portal', async () => {
    const onRowClick = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <DataTable<Patient>
        columns={[{ key: 'menu', header: 'Menu', render: () => createPortal(<p>Outside the table</p>, document.body) }]}
        rows={patients.slice(0, 1)}
        getRowKey={(p) => p.id}
        emptyText="No Patients Found"
        onRowClick={onRowClick}
      />,
    );
    await user.click(screen.getByText('Outside the table'));
    expect(onRowClick).not.toHaveBeenCalled();
  });

  it('shows the sort direction and asks to sort by a column', async () => {
    const onSort = vi.fn();
    const user = userEvent.setup();
    renderTable({ sortBy: 'name', order: 'asc', onSort });
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    // Each header cell heads its column, for screen readers that read a cell with its header.
    for (const header of screen.getAllByRole('columnheader')) expect(header).toHaveAttribute('scope', 'col');
    await user.click(screen.getByRole('button', { name: 'Sort by Name' }));
    expect(onSort).toHaveBeenCalledWith('name');
  });

  it('says so when there is nothing to show', () => {
    renderTable({ rows: [] });
    expect(screen.getByText('No Patients Found')).toBeInTheDocument();
  });

  it('shows placeholder rows while the first page loads', () => {
    renderTable({ rows: undefined, loading: true, limit: 5 });
    expect(screen.getByTestId('patients-table')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('No Patients Found')).not.toBeInTheDocument();
  });
});

describe('DataTable on a phone', () => {
  // The stacked layout itself is CSS (data-table.module.css, below 40em); the browser test in tests/e2e/shell.spec.ts
  // checks it at 375 px. Here: every cell carries what that layout needs.
  const wide: DataTableColumn<Patient>[] = [
    { key: 'publicId', header: 'Patient ID', sortKey: 'publicId', render: (p) => p.id },
    { key: 'name', header: 'Name', sortKey: 'name', render: (p) => p.name },
    { key: 'status', header: <span>Status</span>, sortLabel: 'Status', render: () => 'Active' },
    { key: 'actions', header: 'Actions', render: () => <button type="button">Edit</button> },
  ];

  it('titles each row with the name column and labels every other cell with its column', () => {
    renderTable({ columns: wide, onSort: () => {} });
    const cells = within(bodyRows()[0]!).getAllByRole('cell');
    const byText = (text: string) => cells.find((c) => c.textContent === text)!;
    expect(byText('Layla Mansour')).toHaveAttribute('data-primary');
    expect(byText('Layla Mansour')).not.toHaveAttribute('data-label');
    expect(byText('p1')).toHaveAttribute('data-label', 'Patient ID');
    expect(byText('Active')).toHaveAttribute('data-label', 'Status');
    expect(byText('Edit')).toHaveAttribute('data-label', 'Actions');
  });

  it('takes the title from the column marked primary, else the first column', () => {
    renderTable({ columns: wide.map((c) => (c.key === 'status' ? { ...c, primary: true } : c)) });
    expect(within(bodyRows()[0]!).getByText('Active').closest('td')).toHaveAttribute('data-primary');
    renderTable({ columns: [wide[0]!, wide[2]!], 'data-testid': 'other' });
    expect(within(screen.getByTestId('other')).getByText('p1').closest('td')).toHaveAttribute('data-primary');
  });

  it('keeps only the sortable headers as sort buttons above the cards', () => {
    renderTable({ columns: wide, onSort: () => {} });
    const headers = within(screen.getByTestId('patients-table')).getAllByRole('columnheader');
    expect(headers.filter((h) => h.hasAttribute('data-sortable')).map((h) => h.textContent)).toEqual(['Patient ID', 'Name']);
  });
});
