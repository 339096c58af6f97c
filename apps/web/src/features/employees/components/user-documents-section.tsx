import { Card, SimpleGrid, Stack } from '@mantine/core';
import { Controller, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EMPLOYEE_DOCUMENT_KINDS } from '@clinic/shared';
import { DateField } from '@/components/form/fields';
import { messageAt } from '@/components/form/form-errors';
import { DocumentDrop } from './document-drop';
import type { UserFormValues } from './person-form-values';
import type { PersonSectionProps } from './person-sections-shared';

/** The CV, work permit, certifications and employment contract, each with its effective date. */
export function UserDocumentsSection({ control, checkDocuments }: PersonSectionProps<UserFormValues> & { checkDocuments: () => void }) {
  const { t } = useTranslation();
  const { errors, isSubmitted } = useFormState({ control, name: 'documents' });
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      {EMPLOYEE_DOCUMENT_KINDS.map((kind) => (
        <Card key={kind} withBorder shadow="none" padding="md">
          <Stack gap="sm">
            <Controller
              control={control}
              name={`documents.${kind}`}
              render={({ field }) => (
                <DocumentDrop
                  label={`${t(`users.documents.${kind}`)}${kind === 'cv' ? ' *' : ''}`}
                  hint={kind === 'workPermit' || kind === 'certifications' ? t('users.documents.doctorsOnly') : undefined}
                  value={field.value}
                  onChange={(next) => {
                    field.onChange(next);
                    if (isSubmitted) checkDocuments();
                  }}
                  error={messageAt(errors, `documents.${kind}.file`)}
                  testId={`document-${kind}`}
                />
              )}
            />
            <DateField control={control} name={`documents.${kind}.effectiveDate`} label={t('users.documents.effectiveDate')} size="sm" emptyValue={null} testId={`document-${kind}-date`} />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
