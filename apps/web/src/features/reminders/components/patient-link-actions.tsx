import { Anchor, Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconBrandWhatsapp, IconCheck, IconCopy, IconLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePatientLink } from '../api/reminders';

/**
 * The patient's page (confirm or cancel, the address, the calendar file) handed out by the front desk itself: copied,
 * or sent on WhatsApp, so the patient gets it even where no mail or text-message gateway is set up.
 */
export function PatientLinkActions({ appointmentId }: { appointmentId: string }) {
  const { t } = useTranslation();
  const link = usePatientLink();
  const url = link.data?.url;
  return (
    <Stack gap={4} data-testid="patient-link">
      <Text size="xs" c="dimmed" fw={500}>{t('outbox.patientLink.title')}</Text>
      {!url ? (
        <Group gap="xs">
          <Button size="xs" variant="light" leftSection={<IconLink size={14} />} loading={link.isPending} onClick={() => link.mutate(appointmentId)} data-testid="patient-link-get">
            {t('outbox.patientLink.get')}
          </Button>
          <Text size="xs" c="dimmed">{t('outbox.patientLink.hint')}</Text>
        </Group>
      ) : (
        <>
          <TextInput size="xs" readOnly value={url} dir="ltr" aria-label={t('outbox.patientLink.title')} onFocus={(e) => e.currentTarget.select()} data-testid="patient-link-url" />
          <Group gap="xs">
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Button size="xs" variant={copied ? 'filled' : 'light'} color={copied ? 'teal' : undefined} leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />} onClick={copy} data-testid="patient-link-copy">
                  {copied ? t('outbox.patientLink.copied') : t('outbox.patientLink.copy')}
                </Button>
              )}
            </CopyButton>
            <Anchor href={`https://wa.me/?text=${encodeURIComponent(url)}`} target="_blank" rel="noopener noreferrer" size="sm" data-testid="patient-link-whatsapp">
              <Group gap={4} component="span"><IconBrandWhatsapp size={16} />{t('outbox.patientLink.whatsapp')}</Group>
            </Anchor>
          </Group>
        </>
      )}
    </Stack>
  );
}
