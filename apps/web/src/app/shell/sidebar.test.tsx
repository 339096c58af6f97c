import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Plan } from '@clinic/shared';
import { emptyList, jsonResponse } from '@/test/mocks';
import { mockFetch, renderApp, signIn } from '@/test/utils';

function signedInWithPlan(plan: Plan | null) {
  signIn({ plan });
  mockFetch(() => jsonResponse(200, emptyList()), { profile: { plan } });
}

const sidebar = async () => screen.findByTestId('sidebar');

describe('sidebar', () => {
  it('hides the organisation levels a single clinic does not have', async () => {
    signedInWithPlan('clinic');
    renderApp('/clinics');
    const nav = within(await sidebar());

    expect(nav.getByRole('link', { name: 'Clinics' })).toBeInTheDocument();
    expect(nav.getByRole('link', { name: 'Services' })).toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Medical complexes' })).not.toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Company info' })).not.toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Departments' })).not.toBeInTheDocument();
    // Patients and doctors are part of every plan.
    expect(nav.getByRole('link', { name: 'Patients' })).toBeInTheDocument();
  });

  it('shows every level to a company', async () => {
    signedInWithPlan('company');
    renderApp('/clinics');
    const nav = within(await sidebar());
    expect(nav.getByRole('link', { name: 'Medical complexes' })).toHaveAttribute('href', '/medicalComplexes');
    expect(nav.getByRole('link', { name: 'Company info' })).toHaveAttribute('href', '/company');
    expect(nav.getByRole('link', { name: 'Departments' })).toHaveAttribute('href', '/departements');
  });

  it('shows complexes and departments, but not company info, to a complex', async () => {
    signedInWithPlan('complex');
    renderApp('/services');
    const nav = within(await sidebar());
    expect(nav.getByRole('link', { name: 'Medical complexes' })).toBeInTheDocument();
    expect(nav.getByRole('link', { name: 'Departments' })).toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Company info' })).not.toBeInTheDocument();
  });

  it('opens the group that holds the current page and highlights the entry', async () => {
    signedInWithPlan('company');
    renderApp('/employees/details/42');
    const nav = within(await sidebar());

    expect(nav.getByRole('button', { name: 'Doctors and Staff' })).toHaveAttribute('aria-expanded', 'true');
    expect(nav.getByRole('link', { name: 'Staff' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('button', { name: 'Medical Facilities' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens a group when the user navigates into it', async () => {
    signedInWithPlan('company');
    const { router } = renderApp('/');
    const nav = within(await sidebar());
    expect(nav.getByRole('button', { name: 'Medical Facilities' })).toHaveAttribute('aria-expanded', 'false');
    expect(nav.getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');

    await router.navigate('/departements');
    // The shell keeps the current page until the next one's code has loaded (a transition), which on a busy machine
    // takes more than the default wait: a generous hang guard, not a timing assertion.
    expect(await nav.findByRole('link', { name: 'Departments' }, { timeout: 30_000 })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('button', { name: 'Medical Facilities' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('lets the user open and close a group', async () => {
    signedInWithPlan('company');
    const user = userEvent.setup();
    renderApp('/');
    const nav = within(await sidebar());
    const group = nav.getByRole('button', { name: 'Doctors and Staff' });
    await user.click(group);
    expect(group).toHaveAttribute('aria-expanded', 'true');
    expect(await nav.findByRole('link', { name: 'Doctors' })).toHaveAttribute('href', '/doctors');
    await user.click(group);
    expect(group).toHaveAttribute('aria-expanded', 'false');
  });

  it('leaves Roles and Users out of the menu of users without role permissions', async () => {
    const restricted = { permissions: ['patient_read'], roles: ['Nurse'], employeeType: 'Nurse' as const };
    mockFetch(() => jsonResponse(200, emptyList()), { profile: restricted });
    signIn(restricted);
    renderApp('/patients');
    const nav = within(await sidebar());
    expect(nav.queryByRole('link', { name: 'Roles' })).not.toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
  });
});
