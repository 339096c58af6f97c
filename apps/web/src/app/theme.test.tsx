import { PasswordInput } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, setLanguage } from '@/test/utils';

describe('theme texts', () => {
  it('names the password fields\' show/hide button in the interface language', async () => {
    renderWithProviders(<PasswordInput label="Password" />);
    expect(await screen.findByRole('button', { name: 'Show or hide the password', hidden: true })).toBeInTheDocument();
    await setLanguage('ar');
    expect(await screen.findByRole('button', { name: 'إظهار كلمة المرور أو إخفاؤها', hidden: true })).toBeInTheDocument();
  });
});
