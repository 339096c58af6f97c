import { Alert, Group, Loader, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconQuestionMark } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/dates';
import { useAllergies } from '../api/allergies-api';

/**
 * The allergy banner of every patient screen, never blank: red with the active substances, a clear "No known
 * allergies" when recorded, amber "Allergies not recorded" when nobody asked, and says so when it cannot load. What
 * the patient told the desk at registration and nobody has recorded is said under it, whatever the state.
 */
export function AllergyBanner({ patientId }: { patientId: string }) {
  const { t, i18n } = useTranslation();
  const query = useAllergies(patientId);
  if (query.isPending) return <Alert color="gray" variant="light" py={6} data-testid="allergy-banner" data-state="loading"><Loader size="xs" /></Alert>;
  if (query.isError) {
    return <Alert color="orange" variant="light" py={6} icon={<IconQuestionMark size={18} />} data-testid="allergy-banner" data-state="error">{t('allergies.banner.failed')}</Alert>;
  }
  const { state, allergies, noKnownAllergies, toldAtRegistration } = query.data;
  const separator = i18n.language === 'ar' ? '، ' : ', ';
  // What the patient told the desk that nobody has confirmed: said on every state, never taken as recorded.
  const told = toldAtRegistration.length > 0 && (
    <Text size="sm" fw={600} data-testid="allergy-banner-told">{t('allergies.banner.toldAtRegistration', { list: toldAtRegistration.join(separator) })}</Text>
  );
  if (state === 'allergies') {
    const active = allergies.filter((a) => a.status === 'active');
    return (
      <Alert color="red" variant="filled" py={6} icon={<IconAlertTriangle size={18} />} data-testid="allergy-banner" data-state="allergies" role="alert">
        <Group gap={6} wrap="wrap">
          <Text fw={700} size="sm">{t('allergies.banner.allergies', { count: active.length })}</Text>
          <Text size="sm" data-testid="allergy-banner-substances">
            {active.map((a) => (a.severity ? `${a.substance} (${t(`allergies.severity.${a.severity}`)})` : a.substance)).join(separator)}
          </Text>
        </Group>
        {told}
      </Alert>
    );
  }
  if (state === 'none') {
    return (
      <Alert color="teal" variant="light" py={6} icon={<IconCircleCheck size={18} />} data-testid="allergy-banner" data-state="none">
        <Text size="sm" fw={600} span>{t('allergies.banner.none')}</Text>
        {noKnownAllergies && <Text size="xs" c="dimmed" span ms={8}>{t('allergies.banner.recordedBy', { who: noKnownAllergies.recordedBy?.name ?? '—', when: formatDateTime(noKnownAllergies.recordedAt, i18n.language) })}</Text>}
        {told}
      </Alert>
    );
  }
  return (
    <Alert color="yellow" variant="light" py={6} icon={<IconQuestionMark size={18} />} data-testid="allergy-banner" data-state="unknown">
      <Text size="sm" fw={600}>{t('allergies.banner.unknown')}</Text>
      {told}
    </Alert>
  );
}
