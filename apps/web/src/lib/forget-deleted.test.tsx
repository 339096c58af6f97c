import { startTransition, useState } from 'react';
import { QueryClientProvider, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { testQueryClient } from '@/test/utils';
import { forgetDeletedRecord } from './forget-deleted';

const detailKey = ['clinics', 'details', 'c1'] as const;
const listKey = ['clinics', 'list'] as const;

/** A details page that deletes its record, then leaves in a transition, as the router navigates. */
function DetailsThenList({ readDetail, readList }: { readDetail: () => Promise<string>; readList: () => Promise<string[]> }) {
  const [page, setPage] = useState<'details' | 'list'>('details');
  return page === 'details' ? <Details readDetail={readDetail} onDeleted={() => startTransition(() => setPage('list'))} /> : <List readList={readList} />;
}

function Details({ readDetail, onDeleted }: { readDetail: () => Promise<string>; onDeleted: () => void }) {
  const client = useQueryClient();
  const detail = useQuery({ queryKey: detailKey, queryFn: readDetail });
  const remove = useMutation({
    mutationFn: () => Promise.resolve(),
    onSuccess: () => forgetDeletedRecord(client, { forget: [detailKey], refresh: [['clinics']] }),
  });
  return (
    <div>
      <p>{detail.data ?? 'loading'}</p>
      <button type="button" onClick={() => remove.mutate(undefined, { onSuccess: onDeleted })}>
        Delete
      </button>
      {remove.isPending && <p>Deleting</p>}
    </div>
  );
}

function List({ readList }: { readList: () => Promise<string[]> }) {
  const list = useQuery({ queryKey: listKey, queryFn: readList });
  return <p>{list.data?.join(', ') ?? 'loading list'}</p>;
}

describe('forgetting a deleted record', () => {
  it('never asks for the deleted record again, refreshes the lists and drops it once its page is gone', async () => {
    const client = testQueryClient();
    const readDetail = vi.fn(() => Promise.resolve('Heart Clinic'));
    const readList = vi.fn(() => Promise.resolve(['Kids Clinic']));
    client.setQueryData(listKey, ['Heart Clinic', 'Kids Clinic']);
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={client}>
        <DetailsThenList readDetail={readDetail} readList={readList} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Heart Clinic')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Kids Clinic')).toBeInTheDocument();
    await waitFor(() => expect(client.getQueryCache().find({ queryKey: detailKey })).toBeUndefined());
    expect(readDetail).toHaveBeenCalledTimes(1);
    expect(readList).toHaveBeenCalledTimes(1);
  });

  it('drops a record nothing shows at once', async () => {
    const client = testQueryClient();
    client.setQueryData(detailKey, 'Heart Clinic');
    await forgetDeletedRecord(client, { forget: [detailKey] });
    expect(client.getQueryCache().find({ queryKey: detailKey })).toBeUndefined();
  });
});
