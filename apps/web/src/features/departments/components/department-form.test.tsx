import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { emptyList, jsonResponse } from '@/test/mocks';
import { expectFieldError, mockFetch, renderWithProviders, signIn } from '@/test/utils';
import { ComplexForm, emptyComplex } from '@/features/complexes';
import { DepartmentForm, emptyDepartment } from './department-form';

describe('DepartmentForm and ComplexForm', () => {
  it('department: spec messages, a sub type for each contact, and the complex only in plans that have one', async () => {
    signIn({ plan: 'department' });
    mockFetch(() => jsonResponse(200, emptyList()));
    renderWithProviders(<DepartmentForm defaultValues={emptyDepartment()} plan="department" submitLabel="Create department" onSubmit={vi.fn()} />);
    fireEvent.click(await screen.findByTestId('department-contacts-add'));
    fireEvent.click(screen.getByTestId('department-submit'));
    await expectFieldError(screen.getByTestId('department-name'), 'Name is required');
    expect(screen.getByText('Sub type is required')).toBeInTheDocument();
    expect(screen.queryByTestId('department-complex')).not.toBeInTheDocument();
  });

  it('complex: a corrected name message, a phone, an e-mail and a valid website', async () => {
    signIn();
    mockFetch(() => jsonResponse(200, emptyList()));
    renderWithProviders(<ComplexForm defaultValues={emptyComplex({ website: 'not a site', phone: '123' })} submitLabel="Create" onSubmit={vi.fn()} />);
    fireEvent.click(await screen.findByTestId('complex-submit'));
    await expectFieldError(screen.getByTestId('complex-name'), 'Medical complex name is required');
    await expectFieldError(screen.getByTestId('complex-website'), 'Invalid website');
  });
});
