import { useState } from 'react';
import { Button, type ButtonProps } from '@mantine/core';
import { IconNotes } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/session-context';
import { openForAppointment } from '../api/encounters';

/** Opens the visit's note (opening the encounter if the call-in has not yet): for clinicians who may write one. */
export function OpenEncounterButton({ appointmentId, ...props }: { appointmentId: string } & ButtonProps) {
  const { t } = useTranslation();
  const { can } = useSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  if (!can('clinical_write')) return null;
  const open = async () => {
    setBusy(true);
    try {
      const encounter = await openForAppointment(appointmentId);
      void navigate(`/encounters/${encounter._id}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button leftSection={<IconNotes size={18} />} variant="light" loading={busy} onClick={() => void open()} data-testid="open-encounter" {...props}>
      {t('encounter.openNote')}
    </Button>
  );
}

/** After a call-in: straight to the visit's note. */
export function useOpenEncounterAfterCallIn() {
  const navigate = useNavigate();
  const { can } = useSession();
  return async (appointmentId: string) => {
    if (!can('clinical_write')) return;
    const encounter = await openForAppointment(appointmentId);
    void navigate(`/encounters/${encounter._id}`);
  };
}
