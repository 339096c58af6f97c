import { SimpleGrid, Text } from '@mantine/core';
import { IconAddressBook } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PhoneField, TextField } from '@/components/form/fields';
import type { UserFormValues } from './person-form-values';
import { SectionFrame, lockedProps, type PersonSectionProps } from './person-sections-shared';

/**
 * The account form's contacts: e-mail and two phones, the address in parts and the emergency contact (the staff
 * form keeps a list of contacts and one address text instead).
 */
export function AccountContactsSection({ id, control, readOnly }: PersonSectionProps<UserFormValues> & { readOnly: boolean }) {
  const { t } = useTranslation();
  return (
    <SectionFrame id={id} icon={<IconAddressBook size={20} />} title={t('people.sections.contacts')} description={t('people.sections.contactsHint')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextField control={control} name="email" label={t('users.form.email')} required type="email" {...lockedProps(readOnly)} testId="user-email" />
        <PhoneField control={control} name="phoneNumber1" label={t('users.form.phone1')} required testId="user-phone1" />
        <PhoneField control={control} name="phoneNumber2" label={t('users.form.phone2')} />
      </SimpleGrid>
      <Text fw={600} size="sm" mt="xs">{t('users.form.address')}</Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        <TextField control={control} name="buildingNumber" label={t('users.form.buildingNumber')} />
        <TextField control={control} name="streetName" label={t('users.form.streetName')} required testId="user-street" />
        <TextField control={control} name="region" label={t('users.form.region')} required testId="user-region" />
        <TextField control={control} name="country" label={t('users.form.country')} required testId="user-country" />
      </SimpleGrid>
      <Text fw={600} size="sm" mt="xs">{t('users.form.emergencyContact')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <TextField control={control} name="emergencyContactName" label={t('users.form.emergencyName')} required testId="user-emergency-name" />
        <TextField control={control} name="emergencyRelationship" label={t('users.form.relationship')} required testId="user-emergency-relationship" />
        <PhoneField control={control} name="emergencyContactPhone" label={t('users.form.emergencyNumber')} required testId="user-emergency-phone" />
      </SimpleGrid>
    </SectionFrame>
  );
}
