import { SimpleGrid } from '@mantine/core';
import { IconBriefcase, IconBuildingHospital } from '@tabler/icons-react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EMPLOYEE_JOB_TYPES, planAllows } from '@clinic/shared';
import { DateField, MultiSelectField, NumberField, SelectField, SwitchField, TagsField, TextAreaField, TextField } from '@/components/form/fields';
import { FormSection } from '@/components/form/form-section';
import { useSession } from '@/lib/session-context';
import { useReferenceList } from '../api/get-reference-lists';
import { optionsOf, type EmployeeSectionProps } from './employee-sections-shared';

/** Job, hire date, the doctor's licence, fee and certifications, experience and notes. */
export function EmployeeProfessionalSection({ id, control }: EmployeeSectionProps) {
  const { t } = useTranslation();
  const isDoctor = useWatch({ control, name: 'employeeType' }) === 'Doctor';
  return (
    <FormSection id={id} icon={<IconBriefcase size={20} />} title={t('people.sections.professional')} description={t('people.sections.professionalHint')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextField control={control} name="jobTitle" label={t('people.fields.jobTitle')} testId="field-jobTitle" />
        <SelectField control={control} name="jobType" label={t('people.fields.jobType')} required data={optionsOf(t, 'jobTypes', EMPLOYEE_JOB_TYPES)} />
        <DateField control={control} name="hireDate" label={t('people.fields.hireDate')} required testId="field-hireDate" />
        {isDoctor && (
          <>
            <TextField control={control} name="medicalLicenseNumber" label={t('people.fields.medicalLicenseNumber')} required testId="field-license" />
            <NumberField control={control} name="consultation_fee" label={t('people.fields.consultationFee')} min={0} allowDecimal decimalScale={2} />
            <SwitchField control={control} name="on_call" label={t('people.fields.onCall')} mt={{ sm: 30 }} />
          </>
        )}
      </SimpleGrid>
      {isDoctor && (
        <TagsField control={control} name="certifications" label={t('people.fields.certifications')} description={t('people.fields.certificationsHint')} required clearable testId="field-certifications" />
      )}
      <TextAreaField control={control} name="professional_experience" label={t('people.fields.professionalExperience')} required testId="field-experience" />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextAreaField control={control} name="Qualifications" label={t('people.fields.qualifications')} />
        <TextAreaField control={control} name="notes" label={t('people.fields.notes')} />
      </SimpleGrid>
    </FormSection>
  );
}

/** Clinics, specialities, and (as the plan allows) the department and medical complex. */
export function EmployeeWorkPlacesSection({ id, control }: EmployeeSectionProps) {
  const { t } = useTranslation();
  const { plan } = useSession();
  const clinics = useReferenceList('clinics');
  const departments = useReferenceList('departments', planAllows(plan, 'department'));
  const complexes = useReferenceList('cliniccollections', planAllows(plan, 'complex'));
  const specialities = useReferenceList('specializations');
  const notFound = t('people.noSpecialization');
  const listProps = (list: { data?: { value: string; label: string }[]; isPending: boolean }) => ({
    data: list.data ?? [],
    nothingFoundMessage: notFound,
    placeholder: list.isPending || !list.data?.length ? notFound : t('people.select'),
    disabled: !list.data?.length,
    searchable: true,
  });
  return (
    <FormSection id={id} icon={<IconBuildingHospital size={20} />} title={t('people.sections.workPlaces')} description={t('people.sections.workPlacesHint')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <MultiSelectField control={control} name="clinics" label={t('people.fields.clinics')} {...listProps(clinics)} testId="field-clinics" />
        <MultiSelectField control={control} name="specializations" label={t('people.fields.specialities')} {...listProps(specialities)} />
        {planAllows(plan, 'department') && <SelectField control={control} name="departmentId" label={t('people.fields.department')} clearable emptyValue={null} {...listProps(departments)} />}
        {planAllows(plan, 'complex') && <SelectField control={control} name="clinicCollectionId" label={t('people.fields.medicalComplex')} clearable emptyValue={null} {...listProps(complexes)} />}
      </SimpleGrid>
    </FormSection>
  );
}
