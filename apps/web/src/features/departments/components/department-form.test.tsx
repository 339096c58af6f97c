import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { emptyList, jsonResponse, mockFetch, renderWithProviders, signIn } from '@/test/utils';
import { ComplexForm, emptyComplex } from '@/features/medical-complexes/components/complex-form';
import { DepartmentForm, emptyDepartment } from './department-form';

describe('DepartmentForm and ComplexForm', () => {
  it('department: spec messages, a sub type for each contact, and the complex only in plans that have one', async () => {
    signIn({ plan: 'department' });
    mockFetch(() => jsonResponse(200, emptyList()));
    renderWithProviders(<DepartmentForm defaultValues={emptyDepartment()} plan="department" submitLabel="Create department" onSubmit={vi.fn()} />);
    fireEvent.click(await screen.findByTestId('department-contacts-add'));
    fireEvent.click(screen.getByTestId('department-submit'));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Introduction is required')).toBeInTheDocument();
    expect(screen.getByText('Details are required')).toBeInTheDocument();
    expect(screen.getByText('Sub type is required')).toBeInTheDocument();
    expect(screen.queryByTestId('department-complex')).not.toBeInTheDocument();
  });

  it('complex: a corrected name message, a phone, an e-mail and a valid website', async () => {
    signIn();
    mockFetch(() => jsonResponse(200, emptyList()));
    renderWithProviders(<ComplexForm defaultValues={emptyComplex({ website: 'not a site', phone: '123' })} submitLabel="Create" onSubmit={vi.fn()} />);
    fireEvent.click(await screen.findByTestId('complex-submit'));
    expect(await screen.findByText('Medical complex name is required')).toBeInTheDocument();
    expect(screen.getByText('Invalid phone number')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Invalid website')).toBeInTheDocument();
    expect(screen.getByText('Policies are required')).toBeInTheDocument();
  });
});
