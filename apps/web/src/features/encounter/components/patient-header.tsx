import type { ReactNode } from 'react';
import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconLock, IconPhone, IconStethoscope } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { EncounterDetails } from '@clinic/shared';

/** Whole years from a birth date (YYYY-MM-DD) to today; null without one. */
export function ageOf(birthDate: string | null, today = new Date()): number | null {
  if (!birthDate) return null;
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  let age = today.getFullYear() - y;
  if (today.getMonth() + 1 < m || (today.getMonth() + 1 === m && today.getDate() < d)) age -= 1;
  return age >= 0 ? age : null;
}

/**
 * What the other parts of the clinical record show in the header. Each is a slot the encounter screen fills with that
 * part's component (its feature's public entry), given the patient's id and the encounter's.
 */
export interface HeaderSlots {
  /** The allergy banner (allergies part): always shown when given, above everything. */
  allergies?: ReactNode;
  /** Active problems (diagnoses part). */
  problems?: ReactNode;
  /** Current medications (prescriptions part). */
  medications?: ReactNode;
  /** Last vitals (vitals part). */
  vitals?: ReactNode;
}

/** The patient the note is about: name, age, sex, the visit, and the slots of the other clinical parts. */
export function PatientHeader({ encounter, slots = {} }: { encounter: EncounterDetails; slots?: HeaderSlots }) {
  const { t } = useTranslation();
  const age = ageOf(encounter.patientBirthDate);
  const facts = [
    age !== null ? t('encounter.age', { count: age }) : null,
    encounter.patientGender ? t(`encounter.gender.${encounter.patientGender}`, { defaultValue: encounter.patientGender }) : null,
    encounter.patient.publicId ?? null,
  ].filter(Boolean);
  return (
    <Card padding="md" withBorder data-testid="encounter-header">
      <Stack gap="sm">
        {slots.allergies}
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={2} fz="h3" data-testid="encounter-patient">
              {/* The patient's whole record (chart, earlier visits, documents) is one click away. */}
              <Anchor component={Link} to={`/patients/details/${encounter.patient._id}`} inherit c="var(--mantine-color-text)" underline="hover">{encounter.patient.name}</Anchor>
            </Title>
            <Text size="sm" c="dimmed">{facts.join(' · ')}</Text>
          </Stack>
          <Group gap="xs">
            {encounter.kind === 'phone' && <Badge variant="light" color="cyan" leftSection={<IconPhone size={12} />}>{t('encounter.phone')}</Badge>}
            <Badge variant="light" color="gray" leftSection={<IconStethoscope size={12} />} tt="none">{encounter.doctor.name}</Badge>
            {encounter.status === 'signed'
              ? <Badge color="teal" leftSection={<IconLock size={12} />} data-testid="encounter-status">{t('encounter.status.signed')}</Badge>
              : <Badge color="blue" variant="light" data-testid="encounter-status">{t('encounter.status.open')}</Badge>}
          </Group>
        </Group>
        {encounter.reason && <Text size="sm"><Text span fw={600}>{t('encounter.reason')}: </Text>{encounter.reason}</Text>}
        {(slots.problems || slots.medications || slots.vitals) && (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">{slots.vitals}{slots.problems}{slots.medications}</SimpleGrid>
        )}
      </Stack>
    </Card>
  );
}
