import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLES } from '@clinic/shared';
import { landingPath, startScreenChoices, suggestedScreen } from './landing';

const role = (name: string) => [...(DEFAULT_ROLES.find((r) => r.name === name)?.permissions ?? [])];

describe('the screen a user lands on', () => {
  it('is the screen of their day, from their permissions', () => {
    expect(suggestedScreen(['admin'])).toBe('/dashboard');
    expect(suggestedScreen(role('Accountant'))).toBe('/dashboard');
    expect(suggestedScreen(role('Doctor'))).toBe('/my-day');
    expect(suggestedScreen(role('Receptionist'))).toBe('/frontdesk');
    expect(suggestedScreen(role('Nurse'))).toBe('/appointments/calendar');
    // A cashier made in the Roles screen: billing without appointments.
    expect(suggestedScreen(['billing_read', 'billing_write', 'patient_read'])).toBe('/billing/cash-boxes');
    expect(suggestedScreen(['patient_read'])).toBe('/patients');
    expect(suggestedScreen(['user_read'])).toBe('/');
    expect(suggestedScreen(['employee_read'])).toBe('/employees');
  });

  it('is My profile for a user who may open none of them, or has no permissions at all', () => {
    expect(suggestedScreen(['role_read'])).toBe('/myProfile');
    expect(suggestedScreen([])).toBe('/myProfile');
    expect(suggestedScreen(null)).toBe('/myProfile');
  });

  it('is the start screen they chose while they may open it, else the suggested one', () => {
    expect(landingPath(role('Doctor'), '/frontdesk')).toBe('/frontdesk');
    expect(landingPath(role('Doctor'), null)).toBe('/my-day');
    // Chosen before a role lost billing: the screen they may open now.
    expect(landingPath(role('Doctor'), '/billing/cash-boxes')).toBe('/my-day');
    // Not a start screen at all (an old or edited value).
    expect(landingPath(['admin'], '/roles')).toBe('/dashboard');
  });

  it('offers as start screens only the screens the user may open', () => {
    expect(startScreenChoices(role('Doctor'))).toEqual(['/frontdesk', '/appointments/calendar', '/my-day', '/appointments', '/patients', '/waitlist', '/employees', '/doctors']);
    expect(startScreenChoices(['billing_read'])).toEqual(['/billing/cash-boxes', '/billing/invoices']);
    expect(startScreenChoices(['admin'])).toHaveLength(12);
  });
});
