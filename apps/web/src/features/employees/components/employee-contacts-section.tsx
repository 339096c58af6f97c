import { Group, Paper, Stack, Text } from '@mantine/core';
import { IconAddressBook } from '@tabler/icons-react';
import { useFieldArray, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EMPLOYEE_CONTACT_TYPES } from '@clinic/shared';
import { SelectField, TextField } from '@/components/form/fields';
import { messageAt } from '@/components/form/form-errors';
import type { EmployeeFormValues } from './person-form-values';
import { RemoveRowButton, SectionFrame, optionsOf, type PersonSectionProps } from './person-sections-shared';

/** Phone numbers and e-mail addresses: rows of type, value and label that wrap on narrow screens. */
export function EmployeeContactsSection({ id, control }: PersonSectionProps<EmployeeFormValues>) {
  const { t } = useTranslation();
  const contacts = useFieldArray({ control, name: 'contactInfos' });
  const { errors } = useFormState({ control, name: 'contactInfos' });
  const listError = messageAt(errors, 'contactInfos');
  return (
    <SectionFrame
      id={id}
      icon={<IconAddressBook size={20} />}
      title={t('people.sections.contacts')}
      description={t('people.sections.contactsHint')}
      add={{ label: t('people.actions.addContact'), onClick: () => contacts.append({ type: 'phone', value: '', subType: '' }), testId: 'add-contact' }}
      testId="section-contacts"
    >
      {listError && <Text c="red" size="sm">{listError}</Text>}
      <Stack gap="sm">
        {contacts.fields.map((row, index) => (
          <Paper key={row.id} withBorder p="sm" radius="md">
            <Group align="flex-start" gap="sm" wrap="wrap">
              <SelectField control={control} name={`contactInfos.${index}.type`} aria-label={t('people.fields.contactType')} data={optionsOf(t, 'contactTypes', EMPLOYEE_CONTACT_TYPES)} w={{ base: '100%', xs: 130 }} allowDeselect={false} />
              <TextField control={control} name={`contactInfos.${index}.value`} aria-label={t('people.fields.contactValue')} placeholder={t('people.fields.contactValue')} style={{ flex: '2 1 12rem' }} testId={`contact-value-${index}`} />
              <TextField control={control} name={`contactInfos.${index}.subType`} aria-label={t('people.fields.contactLabel')} placeholder={t('people.fields.contactLabelPlaceholder')} style={{ flex: '1 1 8rem' }} />
              <RemoveRowButton label={t('people.actions.removeRow')} onClick={() => contacts.remove(index)} withTooltip />
            </Group>
          </Paper>
        ))}
      </Stack>
    </SectionFrame>
  );
}
