import type { ReactNode } from 'react';
import { Anchor, Badge, Card, DataList, Group, Stack, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconClipboardHeart,
  IconDroplet,
  IconHeartbeat,
  IconId,
  IconPhone,
  IconShieldCheck,
  IconPhoneCall,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PatientDetails } from '@clinic/shared';
import { DetailsCard } from '@/components/details';
import { formatNumber } from '@/lib/dates';
import { EmailText, PhoneText } from './contact-text';
import { formatDate, metres } from './patient-format';

export { DetailsCard };

/**
 * What the structured clinical record (the lists a clinician keeps above the registration cards) holds, for a reader of
 * clinical records: the active allergies, medications and problems; null while not known (loading, or not allowed).
 */
export interface StructuredRecord {
  allergies: string[] | null;
  medications: number | null;
  problems: string[] | null;
}

/** A pointer from a registration card to the clinical list that is the patient's real record, scrolling to it. */
function RecordLink({ target, children }: { target: string; children: ReactNode }) {
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      fw={600}
      ta="start"
      onClick={() => document.querySelector(`[data-testid="${target}"]`)?.scrollIntoView({ behavior: 'smooth', block: 'start' })}
      data-testid={`record-link-${target}`}
    >
      {children}
    </Anchor>
  );
}

/** A label and its value; values a user never filled in read "Not recorded". */
function Row({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  const { t, i18n } = useTranslation();
  const empty = value === null || value === undefined || value === '';
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue data-testid={testId}>
        {empty ? (
          <Text span size="sm" c="dimmed">
            {t('patients.details.notRecorded')}
          </Text>
        ) : typeof value === 'number' ? (
          formatNumber(value, i18n.language)
        ) : (
          value
        )}
      </DataList.ItemValue>
    </DataList.Item>
  );
}

function Facts({ children }: { children: ReactNode }) {
  return (
    <DataList size="sm" gap="xs" labelWidth="42%" withDivider>
      {children}
    </DataList>
  );
}

export function InsuranceCard({ patient }: { patient: PatientDetails }) {
  const { t, i18n } = useTranslation();
  return (
    <DetailsCard icon={<IconShieldCheck size={18} />} title={t('patients.details.insurance.title')} testId="insurance-card">
      {patient.insurances.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('patients.details.insurance.empty')}
        </Text>
      ) : (
        <Stack gap="sm">
          {patient.insurances.map((insurance, index) => (
            <Card key={`${insurance.insuranceType}-${index}`} withBorder shadow="none" padding="sm" radius="md" bg={insurance.active ? 'var(--mantine-color-teal-light)' : undefined}>
              <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600} size="sm">
                    {insurance.insuranceType}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('patients.details.insurance.expiry')}: {formatDate(insurance.expiryDate, i18n.language)}
                  </Text>
                </Stack>
                <Badge color={insurance.active ? 'teal' : 'gray'} variant={insurance.active ? 'filled' : 'light'} tt="none" style={{ flexShrink: 0 }}>
                  {insurance.active ? t('patients.details.insurance.active') : t('patients.details.insurance.inactive')}
                </Badge>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </DetailsCard>
  );
}

export function GeneralInfoCard({ patient }: { patient: PatientDetails }) {
  const { t, i18n } = useTranslation();
  return (
    <DetailsCard icon={<IconId size={18} />} title={t('patients.details.general.title')}>
      <Facts>
        <Row label={t('patients.details.general.gender')} value={patient.gender ? t(`patients.genders.${patient.gender}`) : null} />
        <Row label={t('patients.details.general.birthday')} value={formatDate(patient.dateOfBirth, i18n.language)} />
        <Row label={t('patients.details.general.maritalStatus')} value={patient.marital_status ? t(`patients.marital.${patient.marital_status}`) : null} />
        <Row label={t('patients.details.general.children')} value={patient.number_children ?? null} />
        <Row label={t('patients.details.general.identity')} value={patient.identity} />
        <Row label={t('patients.details.general.occupation')} value={patient.professiona_experi} />
        <Row label={t('patients.details.general.languages')} value={patient.languages.map((l) => t(`patients.languages.${l}`, { defaultValue: l })).join(i18n.language === 'ar' ? '، ' : ', ')} />
      </Facts>
    </DetailsCard>
  );
}

export function MedicalInfoCard({ patient }: { patient: PatientDetails }) {
  const { t, i18n } = useTranslation();
  return (
    <DetailsCard icon={<IconDroplet size={18} />} title={t('patients.details.medical.title')} testId="medical-info">
      <Facts>
        <Row label={t('patients.details.medical.bloodType')} value={patient.blood_type && <Badge color="red" variant="light" tt="none" dir="ltr" data-testid="blood-type">{patient.blood_type}</Badge>} />
        {/* Measured once, at registration: the vitals above hold the current figures. */}
        <Row label={t('patients.details.medical.height')} value={patient.height ? t('patients.details.medical.heightValue', { value: metres(patient.height, i18n.language) }) : null} />
        <Row label={t('patients.details.medical.weight')} value={patient.weight ? t('patients.details.medical.weightValue', { value: formatNumber(patient.weight, i18n.language) }) : null} />
        <Row label={t('patients.details.medical.nationality')} value={patient.nationality ? t(`patients.nationalities.${patient.nationality}`, { defaultValue: patient.nationality }) : null} />
      </Facts>
    </DetailsCard>
  );
}

export function MedicalHistoryCard({ patient, record }: { patient: PatientDetails; record?: StructuredRecord }) {
  const { t, i18n } = useTranslation();
  const medications = record?.medications ?? 0;
  return (
    <DetailsCard icon={<IconClipboardHeart size={18} />} title={t('patients.details.history.title')}>
      <Facts>
        <Row
          label={t('patients.details.history.familyMedicalHistory')}
          value={
            patient.familyMedicalHistory.length ? (
              <Stack gap={2}>
                {patient.familyMedicalHistory.map((entry) => (
                  <Text key={entry} size="sm">
                    {entry}
                  </Text>
                ))}
              </Stack>
            ) : null
          }
        />
        <Row label={t('patients.details.history.lifestyleFactors')} value={patient.lifestyleFactors} />
        <Row label={t('patients.details.history.surgicalHistory')} value={formatDate(patient.Surgical_History, i18n.language)} />
        <Row
          label={t('patients.details.history.currentMedications')}
          testId="history-current-medications"
          value={
            medications > 0 ? (
              // The medication list is the record: it is named first; what the form said stays, marked as such.
              <Stack gap={2}>
                <RecordLink target="medication-list">{t('patients.details.record.medications', { count: medications })}</RecordLink>
                {patient.Current_Medications && <Text size="xs" c="dimmed">{t('patients.details.record.atRegistration', { value: patient.Current_Medications })}</Text>}
              </Stack>
            ) : patient.Current_Medications
          }
        />
        <Row
          label={t('patients.details.history.smoking')}
          value={patient.Smoking === null ? null : patient.Smoking ? t('patients.details.smoker') : t('patients.details.nonSmoker')}
        />
      </Facts>
    </DetailsCard>
  );
}

/** Names joined as the language lists them. */
const listed = (names: string[], lang: string) => names.join(lang === 'ar' ? '، ' : ', ');

export function AllergiesCard({ patient, record }: { patient: PatientDetails; record?: StructuredRecord }) {
  const { t, i18n } = useTranslation();
  const recorded = record?.allergies ?? [];
  return (
    <DetailsCard icon={<IconAlertTriangle size={18} />} title={t('patients.details.allergies.title')} testId="allergies-card">
      {recorded.length > 0 && (
        <Stack gap={2} mb={patient.allergies.length ? 'sm' : 0}>
          <RecordLink target="allergies-panel">{t('patients.details.record.allergies', { names: listed(recorded, i18n.language) })}</RecordLink>
          {patient.allergies.length > 0 && <Text size="xs" c="dimmed">{t('patients.details.record.formSaid')}</Text>}
        </Stack>
      )}
      {patient.allergies.length === 0 ? (
        // With allergies on the list, "none on the form" would only contradict the banner: the link above says it all.
        recorded.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('patients.details.allergies.empty')}
          </Text>
        )
      ) : (
        <Group gap="xs">
          {patient.allergies.map((allergy) => (
            <Badge key={allergy} color="orange" variant="light" tt="none" size="lg">
              {allergy}
            </Badge>
          ))}
        </Group>
      )}
    </DetailsCard>
  );
}

export function ChronicDiseasesCard({ patient, record }: { patient: PatientDetails; record?: StructuredRecord }) {
  const { t, i18n } = useTranslation();
  const problems = record?.problems ?? [];
  return (
    <DetailsCard icon={<IconHeartbeat size={18} />} title={t('patients.details.chronic.title')} testId="chronic-card">
      {problems.length > 0 && (
        <Stack gap={2} mb={patient.ChronicDiseases.length ? 'sm' : 0}>
          <RecordLink target="problem-list">{t('patients.details.record.problems', { names: listed(problems, i18n.language) })}</RecordLink>
          {patient.ChronicDiseases.length > 0 && <Text size="xs" c="dimmed">{t('patients.details.record.formSaid')}</Text>}
        </Stack>
      )}
      {patient.ChronicDiseases.length === 0 ? (
        problems.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('patients.details.chronic.empty')}
          </Text>
        )
      ) : (
        <Group gap="xs">
          {patient.ChronicDiseases.map((disease) => (
            <Badge key={disease.disease_name} color="grape" variant="light" tt="none" size="lg">
              {disease.disease_name}
            </Badge>
          ))}
        </Group>
      )}
    </DetailsCard>
  );
}

export function ContactPersonCard({ patient }: { patient: PatientDetails }) {
  const { t } = useTranslation();
  return (
    <DetailsCard icon={<IconPhone size={18} />} title={t('patients.details.contact.title')} testId="contact-card">
      <Facts>
        <Row label={t('patients.details.contact.phone')} value={patient.phone && <PhoneText phone={patient.phone} />} testId="contact-phone" />
        <Row label={t('patients.details.contact.email')} value={patient.email && <EmailText email={patient.email} />} testId="contact-email" />
        <Row label={t('patients.details.contact.address')} value={patient.address} />
      </Facts>
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {t('patients.details.contact.emergency')}
        </Text>
        {patient.emergencyContacts.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('patients.details.contact.emergencyEmpty')}
          </Text>
        ) : (
          patient.emergencyContacts.map((c, index) => (
            <Group key={`${c.phone}-${index}`} gap="xs" wrap="nowrap" data-testid="emergency-contact">
              <IconPhoneCall size={14} stroke={1.6} style={{ flexShrink: 0, opacity: 0.6 }} aria-hidden />
              <Text size="sm">
                <PhoneText phone={c.phone} />
                {' - '}
                <bdi>{c.name}</bdi>
                {' - '}
                {c.relationToPatient}
              </Text>
            </Group>
          ))
        )}
      </Stack>
    </DetailsCard>
  );
}
