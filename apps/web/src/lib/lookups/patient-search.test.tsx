import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { requestLines } from '@/test/request-pins';
import { testQueryClient } from '@/test/utils';
import { usePatientSearch, type PatientSearch } from './patient-search';

/** The patient search's request for what the user typed, as the select runs it. */
const search = (text: string, options?: PatientSearch) => async () => {
  const client = testQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const { result } = renderHook(() => usePatientSearch(text, options), { wrapper });
  await waitFor(() => expect(result.current.fetchStatus).toBe('idle'));
};

describe('the patient search requests', () => {
  it('are the same bytes the billing filter, the booking, the walk-in and the waitlist have always sent', async () => {
    expect(await requestLines([search('sa ra'), search('sa ra', { activeOnly: true })])).toMatchInlineSnapshot(`
      [
        "GET /api/patients?search=sa+ra&limit=30&sortBy=name&order=asc",
        "GET /api/patients?isActive=true&search=sa+ra&limit=30&sortBy=name&order=asc",
      ]
    `);
  });
});
