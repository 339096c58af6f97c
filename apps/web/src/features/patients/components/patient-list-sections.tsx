import type { ReactNode } from 'react';
import { ActionIcon, Badge, Button, Group, Paper, SimpleGrid, Text, Tooltip } from '@mantine/core';
import { IconFirstAidKit, IconNotes, IconPlus, IconShieldCheck, IconTrash } from '@tabler/icons-react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PATIENT_NOTE_MAX } from '@clinic/shared';
import { DateField, PhoneField, TextAreaField, TextField, todayIso, type FormControl } from '@/components/form/fields';
import { FormSection } from '@/components/form/form-section';
import type { PatientFormValues } from './patient-form-values';

interface SectionProps {
  control: FormControl<PatientFormValues>;
}

/** A numbered card of a list, with its remove button. */
function RowCard({ title, badge, removeLabel, onRemove, children, testId }: { title: string; badge?: ReactNode; removeLabel: string; onRemove: () => void; children: ReactNode; testId: string }) {
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId}>
      <Group justify="space-between" mb="xs">
        <Group gap="xs">
          <Text size="sm" fw={600}>
            {title}
          </Text>
          {badge}
        </Group>
        <Tooltip label={removeLabel}>
          <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={removeLabel}>
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      {children}
    </Paper>
  );
}

export function EmergencyContactsSection({ control }: SectionProps) {
  const { t } = useTranslation();
  const label = (key: string) => t(`patients.form.fields.${key}`);
  const contacts = useFieldArray({ control, name: 'emergencyContacts' });
  return (
    <FormSection
      icon={<IconFirstAidKit size={20} />}
      title={t('patients.form.sections.emergency')}
      description={t('patients.form.sections.emergencyHint')}
      testId="emergency-contacts"
      action={
        <Button variant="light" size="xs" leftSection={<IconPlus size={16} />} onClick={() => contacts.append({ name: '', phone: '', relationToPatient: '' })} disabled={contacts.fields.length >= 10} data-testid="add-emergency-contact">
          {label('addContact')}
        </Button>
      }
    >
      {contacts.fields.length === 0 && <Text size="sm" c="dimmed">{label('noContacts')}</Text>}
      {contacts.fields.map((row, index) => (
        <RowCard key={row.id} title={t('patients.form.fields.contactNumber', { index: index + 1 })} removeLabel={t('patients.form.fields.removeContact', { index: index + 1 })} onRemove={() => contacts.remove(index)} testId={`emergency-contact-${index}`}>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="sm">
            <TextField control={control} name={`emergencyContacts.${index}.name`} label={label('contactName')} required maxLength={60} />
            <PhoneField control={control} name={`emergencyContacts.${index}.phone`} label={label('contactPhone')} required maxLength={25} />
            <TextField control={control} name={`emergencyContacts.${index}.relationToPatient`} label={label('relation')} placeholder={label('relationPlaceholder')} required maxLength={40} />
          </SimpleGrid>
        </RowCard>
      ))}
    </FormSection>
  );
}

export function InsurancesSection({ control }: SectionProps) {
  const { t } = useTranslation();
  const label = (key: string) => t(`patients.form.fields.${key}`);
  const insurances = useFieldArray({ control, name: 'insurances' });
  const rows = useWatch({ control, name: 'insurances' });
  const today = todayIso();
  return (
    <FormSection
      icon={<IconShieldCheck size={20} />}
      title={t('patients.form.sections.insurance')}
      description={t('patients.form.sections.insuranceHint')}
      action={
        <Button variant="light" size="xs" leftSection={<IconPlus size={16} />} onClick={() => insurances.append({ insuranceType: '', expiryDate: null })} disabled={insurances.fields.length >= 10} data-testid="add-insurance">
          {label('addInsurance')}
        </Button>
      }
    >
      {insurances.fields.length === 0 && <Text size="sm" c="dimmed">{label('noInsurances')}</Text>}
      {insurances.fields.map((row, index) => {
        const expiry = rows?.[index]?.expiryDate;
        const badge = expiry && (
          <Badge size="sm" color={expiry >= today ? 'teal' : 'gray'} variant="light" tt="none">
            {expiry >= today ? t('patients.details.insurance.active') : t('patients.details.insurance.inactive')}
          </Badge>
        );
        return (
          <RowCard key={row.id} title={t('patients.form.fields.insuranceNumber', { index: index + 1 })} badge={badge} removeLabel={t('patients.form.fields.removeInsurance', { index: index + 1 })} onRemove={() => insurances.remove(index)} testId={`insurance-${index}`}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
              <TextField control={control} name={`insurances.${index}.insuranceType`} label={label('insuranceType')} placeholder={label('insuranceTypePlaceholder')} required maxLength={60} />
              <DateField control={control} name={`insurances.${index}.expiryDate`} label={label('expiryDate')} required emptyValue={null} />
            </SimpleGrid>
          </RowCard>
        );
      })}
    </FormSection>
  );
}

export function PatientNotesSection({ control }: SectionProps) {
  const { t } = useTranslation();
  const label = (key: string) => t(`patients.form.fields.${key}`);
  return (
    <FormSection icon={<IconNotes size={20} />} title={t('patients.form.sections.notes')} description={t('patients.form.sections.notesHint')}>
      <TextAreaField control={control} name="notes" label={label('notes')} placeholder={label('notesPlaceholder')} minRows={3} maxRows={undefined} maxLength={PATIENT_NOTE_MAX} />
    </FormSection>
  );
}
