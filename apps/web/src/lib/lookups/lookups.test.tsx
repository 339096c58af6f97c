import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSpecializationOptions } from '@/features/organisation';
import { useCreateSpecialization } from '@/features/specializations';
import { specializationDetails } from '@/test/mocks';
import { emptyList, jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';

/** A select's options beside the button that adds a speciality, as the clinic form and the add page share a screen. */
function SpecializationPicker() {
  const options = useSpecializationOptions();
  const create = useCreateSpecialization();
  return (
    <>
      <ul aria-label="Specialities">
        {(options.data ?? []).map((option) => (
          <li key={option.value}>{option.label}</li>
        ))}
      </ul>
      <button type="button" onClick={() => create.mutate({ name: 'Dermatology' } as never)}>
        Add
      </button>
    </>
  );
}

describe('lookups', () => {
  it('shows a speciality just created in the specialities select at once, not when the cache goes stale', async () => {
    const specialities = [specializationDetails({ _id: 's1', name: 'Cardiology' })];
    const reads: string[] = [];
    mockFetch((url, init) => {
      if (url.pathname === '/api/specializations' && init.method === 'POST') {
        specialities.push(specializationDetails({ _id: 's2', name: 'Dermatology' }));
        return jsonResponse(201, { success: true, data: specializationDetails({ _id: 's2', name: 'Dermatology' }) });
      }
      if (url.pathname === '/api/specializations') {
        reads.push(url.searchParams.get('allData') ?? '');
        return jsonResponse(200, { ...emptyList(), data: [...specialities] });
      }
      return jsonResponse(200, emptyList());
    });
    const user = userEvent.setup();
    renderWithProviders(<SpecializationPicker />);
    expect(await screen.findByText('Cardiology')).toBeInTheDocument();
    expect(screen.queryByText('Dermatology')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Dermatology')).toBeInTheDocument();
    await waitFor(() => expect(reads).toEqual(['true', 'true']));
  });
});
