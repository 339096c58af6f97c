import { useState, type FormEvent } from 'react';
import { Autocomplete, Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Ref, TicketRecord } from '@clinic/shared';
import { FormDialog } from '@/components/form/form-dialog';
import { useTicketActions } from '../hooks/use-ticket-actions';

interface TransferDialogProps {
  ticket: TicketRecord | null;
  /** The clinic's doctors (those who provide a service there). */
  doctors: Ref[];
  /** Rooms known in the clinic (from its settings), offered as suggestions. */
  rooms: string[];
  onClose: () => void;
}

/** Moves a ticket to another doctor and/or room; it keeps its number and its place by check-in time. */
export function TransferDialog({ ticket, doctors, rooms, onClose }: TransferDialogProps) {
  const { t } = useTranslation();
  return (
    <TransferForm key={ticket?._id ?? 'none'} ticket={ticket} doctors={doctors} rooms={rooms} onClose={onClose} title={ticket ? t('waitingRoom.transfer.title', { label: ticket.label }) : ''} />
  );
}

function TransferForm({ ticket, doctors, rooms, onClose, title }: TransferDialogProps & { title: string }) {
  const { t } = useTranslation();
  const { transfer } = useTicketActions();
  const [doctor, setDoctor] = useState<string | null>(ticket?.doctor._id ?? null);
  const [room, setRoom] = useState(ticket?.room ?? '');
  /** Whether the room was typed or cleared here; untouched, a ticket moved to another doctor goes to that doctor's room. */
  const [roomTouched, setRoomTouched] = useState(false);
  const [unchanged, setUnchanged] = useState(false);
  const toAnotherDoctor = Boolean(ticket && doctor && doctor !== ticket.doctor._id);
  const doctorsRoom = toAnotherDoctor && !roomTouched;
  const options = [...doctors, ...(ticket && !doctors.some((d) => d._id === ticket.doctor._id) ? [ticket.doctor] : [])];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!ticket) return;
    const nextRoom = room.trim() || null;
    const input = {
      ...(doctor && doctor !== ticket.doctor._id ? { doctor } : {}),
      ...(!doctorsRoom && nextRoom !== ticket.room ? { room: nextRoom } : {}),
    };
    if (!Object.keys(input).length) {
      setUnchanged(true);
      return;
    }
    transfer.mutate({ ticket, input }, { onSuccess: onClose });
  };
  return (
    <FormDialog
      opened={Boolean(ticket)}
      onClose={onClose}
      title={title}
      onSubmit={submit}
      serverError={null}
      submitLabel={t('waitingRoom.transfer.save')}
      pending={transfer.isPending}
      data-testid="transfer-form"
      submitTestId="transfer-save"
    >
      <Select
        label={t('waitingRoom.transfer.doctor')}
        data={options.map((d) => ({ value: d._id, label: d.name }))}
        value={doctor}
        onChange={(v) => {
          setDoctor(v);
          setUnchanged(false);
          // The room shown is the one the ticket will have: the new doctor's, unless one is typed.
          if (!roomTouched) setRoom(v && ticket && v !== ticket.doctor._id ? '' : ticket?.room ?? '');
        }}
        allowDeselect={false}
        searchable
        comboboxProps={{ withinPortal: true }}
        data-testid="transfer-doctor"
      />
      <Autocomplete
        label={t('waitingRoom.transfer.room')}
        description={t(doctorsRoom ? 'waitingRoom.transfer.roomOfDoctorHint' : 'waitingRoom.transfer.roomHint')}
        placeholder={doctorsRoom ? t('waitingRoom.transfer.roomOfDoctor') : undefined}
        data={[...new Set(rooms)]}
        value={room}
        onChange={(v) => { setRoom(v); setRoomTouched(true); setUnchanged(false); }}
        maxLength={40}
        comboboxProps={{ withinPortal: true }}
        data-testid="transfer-room"
      />
      {unchanged && <Text size="sm" c="orange" role="alert">{t('waitingRoom.transfer.unchanged')}</Text>}
    </FormDialog>
  );
}
