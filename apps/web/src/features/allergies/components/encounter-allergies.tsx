import { useState } from 'react';
import { Box, Button, Group, Modal } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/session-context';
import { AllergiesPanel } from './allergies-panel';
import { AllergyBanner } from './allergy-banner';

/**
 * The allergy banner of a visit, with the way to act on it there: a clinician who may write opens the patient's
 * allergies from the banner (an allergy added here names the visit), so "not recorded: ask the patient" can be
 * answered at the point of care.
 */
export function EncounterAllergies({ patientId, encounterId }: { patientId: string; encounterId: string }) {
  const { t } = useTranslation();
  const { can } = useSession();
  const [open, setOpen] = useState(false);
  return (
    <Group gap="xs" wrap="wrap" align="stretch">
      <Box style={{ flex: '1 1 16rem', minWidth: 0 }}>
        <AllergyBanner patientId={patientId} />
      </Box>
      {can('clinical_write') && (
        <Button variant="light" leftSection={<IconPencil size={16} />} onClick={() => setOpen(true)} data-testid="encounter-allergies-open">
          {t('allergies.panel.record')}
        </Button>
      )}
      <Modal opened={open} onClose={() => setOpen(false)} title={t('allergies.panel.title')} size="lg">
        <AllergiesPanel patientId={patientId} encounterId={encounterId} />
      </Modal>
    </Group>
  );
}
