import { useState } from 'react';
import { Alert, Button, Loader, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { WaitlistRecord } from '@clinic/shared';
import { useNextFree, useSlotLabel } from '@/features/appointments';
import { isApiError } from '@/lib/http';
import { useBookFromWaitlist } from '../api/waitlist';

/** The entry's first free slots (every booking rule applied by the server); one click books and closes the entry. */
export function BookEntryDialog({ entry, onClose }: { entry: WaitlistRecord | null; onClose: () => void }) {
  const { t } = useTranslation();
  const label = useSlotLabel();
  const book = useBookFromWaitlist();
  const [error, setError] = useState<string | null>(null);
  const slots = useNextFree(entry ? { clinic: entry.clinic._id, service: entry.service._id, doctor: entry.doctor?._id ?? null, limit: 6 } : null);
  return (
    <Modal opened={Boolean(entry)} onClose={onClose} title={entry ? t('waitlist.bookTitle', { name: entry.patient.name }) : ''} data-testid="waitlist-book-dialog">
      <Stack gap="xs">
        {slots.isPending && <Loader size="sm" />}
        {slots.data?.length === 0 && <Text size="sm" c="dimmed">{t('appointments.nextFree.none')}</Text>}
        {slots.data?.map((s) => (
          <Button
            key={`${s.datetime}-${s.doctor._id}`}
            variant="light"
            justify="flex-start"
            loading={book.isPending && book.variables?.datetime === s.datetime && book.variables?.doctor === s.doctor._id}
            onClick={() => {
              if (!entry) return;
              setError(null);
              book.mutate({ id: entry._id, doctor: s.doctor._id, datetime: s.datetime, version: entry.version }, {
                onSuccess: onClose,
                onError: (err) => setError(isApiError(err) ? err.message : t('errors.unexpected')),
              });
            }}
            data-testid="waitlist-book-slot"
          >
            {label(s)}
          </Button>
        ))}
        {error && <Alert color="red" variant="light" role="alert">{error}</Alert>}
      </Stack>
    </Modal>
  );
}
