import { Alert, Box, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconClockExclamation, IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from '@/components/language-menu';
import { formatDay } from '@/lib/dates';
import { isApiError } from '@/lib/http';
import { verifyPrescription } from '../api/prescriptions';

const LOOK = {
  valid: { color: 'teal', Icon: IconCircleCheck },
  expired: { color: 'orange', Icon: IconClockExclamation },
  cancelled: { color: 'red', Icon: IconCircleX },
} as const;

/**
 * The page a printed prescription's QR code opens, without signing in: whether it is genuine and, if so, valid,
 * expired or cancelled, with its dates and clinic. It never shows the patient, the doctor or a drug.
 */
export default function VerifyPrescriptionPage() {
  const { t, i18n } = useTranslation();
  const { token = '' } = useParams();
  const answer = useQuery({ queryKey: ['prescription-verify', token], queryFn: ({ signal }) => verifyPrescription(token, signal), enabled: Boolean(token), retry: false });
  const v = answer.data;
  const look = v?.status ? LOOK[v.status] : null;
  return (
    <Box mih="100vh" p="md" bg="var(--mantine-color-body)">
      <Stack maw={480} mx="auto" gap="md">
        <Group justify="flex-end"><LanguageMenu variant="button" /></Group>
        <Card withBorder radius="md" padding="lg" data-testid="verify-card">
          <Stack gap="md">
            <Title order={1} fz="h3">{t('prescriptions.verify.title')}</Title>
            {answer.isLoading ? (
              <Center py="xl"><Loader role="status" aria-label={t('prescriptions.verify.checking')} /></Center>
            ) : answer.isError ? (
              <Alert color="red" icon={<IconInfoCircle />}>{isApiError(answer.error) ? answer.error.message : t('errors.network')}</Alert>
            ) : !v?.genuine || !look ? (
              <Alert color="red" icon={<IconCircleX />} title={t('prescriptions.verify.notGenuine')} data-testid="verify-result" data-status="unknown">
                {t('prescriptions.verify.notGenuineHelp')}
              </Alert>
            ) : (
              <Alert color={look.color} icon={<look.Icon />} title={t(`prescriptions.verify.status.${v.status}`)} data-testid="verify-result" data-status={v.status}>
                <Stack gap={4}>
                  <Text size="sm">{t('prescriptions.verify.genuine')}</Text>
                  {v.issuedOn && <Text size="sm">{t('prescriptions.verify.issuedOn', { date: formatDay(v.issuedOn, i18n.language) })}</Text>}
                  {v.validUntil && <Text size="sm">{t('prescriptions.verify.validUntil', { date: formatDay(v.validUntil, i18n.language) })}</Text>}
                  {v.clinicName && <Text size="sm">{t('prescriptions.verify.clinic', { name: v.clinicName })}</Text>}
                </Stack>
              </Alert>
            )}
            <Text size="xs" c="dimmed">{t('prescriptions.verify.privacy')}</Text>
          </Stack>
        </Card>
      </Stack>
    </Box>
  );
}
