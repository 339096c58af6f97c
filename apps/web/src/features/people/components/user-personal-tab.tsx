import { SimpleGrid, Stack, Text } from '@mantine/core';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EMPLOYEE_GENDERS, EMPLOYEE_MARITAL_STATUSES, EMPLOYEE_NATIONALITIES } from '@clinic/shared';
import { DateField, NumberField, PhoneField, SelectField, TextField } from '@/components/form/fields';
import { EmployeeImageField } from './employee-image-field';
import { translateMessage } from '@/lib/http';
import { lockedProps, optionsOf, type UserTabProps } from './user-form-shared';

interface PersonalProps extends UserTabProps {
  currentImageUrl: string | null;
  imageRemoved: boolean;
  onImageRemoved: (removed: boolean) => void;
  /** Checks the picture at once (type and size). */
  checkImage: () => void;
}

/** Picture, name, birth, identity, family, e-mail and phones, address and the emergency contact. */
export function UserPersonalTab({ control, readOnly, currentImageUrl, imageRemoved, onImageRemoved, checkImage }: PersonalProps) {
  const { t } = useTranslation();
  const fullName = useWatch({ control, name: 'fullName' });
  return (
    <Stack gap="md">
      <Controller
        control={control}
        name="image"
        render={({ field, fieldState }) => (
          <EmployeeImageField
            name={fullName}
            currentUrl={currentImageUrl}
            file={field.value}
            removed={imageRemoved}
            error={translateMessage(fieldState.error?.message)}
            accept="image/*"
            hint={t('users.form.pictureHint')}
            testId="user-picture"
            onChange={(next) => {
              field.onChange(next.file);
              onImageRemoved(next.removed);
              checkImage();
            }}
          />
        )}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextField control={control} name="fullName" label={t('users.form.fullName')} required testId="user-fullName" />
        <SelectField control={control} name="gender" label={t('people.fields.gender')} required data={optionsOf(t, 'genders', EMPLOYEE_GENDERS)} testId="user-gender" />
        <DateField control={control} name="dateOfBirth" label={t('people.fields.dateOfBirth')} required past testId="user-dateOfBirth" />
        <TextField control={control} name="identity" label={t('users.form.cardNumber')} required {...lockedProps(readOnly)} testId="user-identity" />
        <SelectField control={control} name="nationality" label={t('people.fields.nationality')} required searchable data={optionsOf(t, 'nationalities', EMPLOYEE_NATIONALITIES)} testId="user-nationality" />
        <SelectField control={control} name="marital_status" label={t('people.fields.maritalStatus')} required data={optionsOf(t, 'maritalStatuses', EMPLOYEE_MARITAL_STATUSES)} testId="user-marital" />
        <NumberField control={control} name="number_children" label={t('people.fields.numberOfChildren')} />
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
    </Stack>
  );
}
