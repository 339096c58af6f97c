import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/utils';
import { CompanyForm, emptyCompany } from './company-form';

describe('CompanyForm', () => {
  it('shows the spec\'s messages for the company, its contacts, commercial record and location', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<CompanyForm defaultValues={emptyCompany()} submitLabel="Update Company" onSubmit={onSubmit} />);
    fireEvent.click(await screen.findByTestId('company-insurance-add'));
    fireEvent.change(screen.getByTestId('company-insurance-0-companyPhone'), { target: { value: '123' } });
    fireEvent.change(screen.getByTestId('company-insurance-0-companyEmail'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByTestId('company-submit'));
    expect(await screen.findByText('Company name is required')).toBeInTheDocument();
    expect(screen.getByText('Address is required')).toBeInTheDocument();
    expect(screen.getByText('Vision is required')).toBeInTheDocument();
    expect(screen.getByText('Value is required')).toBeInTheDocument();
    expect(screen.getByText('Record number is required')).toBeInTheDocument();
    expect(screen.getByText('Invalid phone number')).toBeInTheDocument();
    expect(screen.getByText('Invalid email format')).toBeInTheDocument();
    expect(screen.getByText('Latitude is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('needs at least one contact', async () => {
    renderWithProviders(<CompanyForm defaultValues={emptyCompany()} submitLabel="Update Company" onSubmit={vi.fn()} />);
    fireEvent.click(await screen.findByTestId('company-contacts-0-remove'));
    fireEvent.click(screen.getByTestId('company-submit'));
    expect(await screen.findByText('Contact information is required')).toBeInTheDocument();
  });
});
