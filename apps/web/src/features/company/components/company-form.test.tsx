import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectFieldError, renderWithProviders } from '@/test/utils';
import { CompanyForm, emptyCompany } from './company-form';

describe('CompanyForm', () => {
  it('marks a missing field with its message and sends nothing', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<CompanyForm defaultValues={emptyCompany()} submitLabel="Update Company" onSubmit={onSubmit} />);
    fireEvent.click(await screen.findByTestId('company-submit'));
    await expectFieldError(screen.getByTestId('company-name'), 'Company name is required');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('needs at least one contact', async () => {
    renderWithProviders(<CompanyForm defaultValues={emptyCompany()} submitLabel="Update Company" onSubmit={vi.fn()} />);
    fireEvent.click(await screen.findByTestId('company-contacts-0-remove'));
    fireEvent.click(screen.getByTestId('company-submit'));
    expect(await screen.findByText('Contact information is required')).toBeInTheDocument();
  });
});
