import { Checkbox, Select, SimpleGrid } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PatientDetails } from '@clinic/shared';
import { boundProps, type FormControl } from '@/components/form/field-types';
import { FormSection } from '@/components/form/form-section';
import type { PatientFormValues } from './patient-form-values';
import { formatDate } from './patient-format';

interface MessagesProps {
  control: FormControl<PatientFormValues>;
  /** The consent on record (editing), to show when and where it was given. */
  consent: PatientDetails['whatsappConsent'];
}

/**
 * How texts (codes, reminders) reach the patient: SMS or WhatsApp, and the patient's consent to WhatsApp. WhatsApp can
 * be chosen only with consent; withdrawing consent makes SMS the channel again.
 */
export function PatientMessagesSection({ control, consent }: MessagesProps) {
  const { t, i18n } = useTranslation();
  const channel = useController({ control, name: 'preferredChannel' });
  const agreed = useController({ control, name: 'whatsappConsent' });
  const recorded = consent && agreed.field.value
    ? t(`patients.form.messages.consentRecorded.${consent.source}`, { date: formatDate(consent.at, i18n.language) })
    : t('patients.form.messages.consentHint');
  return (
    <FormSection icon={<IconMessageCircle size={20} />} title={t('patients.form.sections.messages')} description={t('patients.form.sections.messagesHint')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        <Select
          label={t('patients.form.messages.channel')}
          data={[
            { value: 'sms', label: t('patients.form.messages.sms') },
            { value: 'whatsapp', label: t('patients.form.messages.whatsapp'), disabled: !agreed.field.value },
          ]}
          comboboxProps={{ withinPortal: true }}
          {...boundProps(channel, 'patient-channel')}
          value={channel.field.value}
          onChange={(v) => channel.field.onChange(v ?? 'sms')}
          allowDeselect={false}
        />
        <Checkbox
          mt={{ base: 0, sm: 'xl' }}
          label={t('patients.form.messages.consent')}
          description={recorded}
          checked={agreed.field.value}
          onChange={(e) => {
            const checked = e.currentTarget.checked;
            agreed.field.onChange(checked);
            if (!checked && channel.field.value === 'whatsapp') channel.field.onChange('sms');
          }}
          data-testid="patient-whatsapp-consent"
        />
      </SimpleGrid>
    </FormSection>
  );
}
