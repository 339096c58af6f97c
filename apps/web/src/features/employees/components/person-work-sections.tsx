import type { ReactNode } from 'react';
import { SimpleGrid } from '@mantine/core';
import { IconBriefcase, IconBuildingHospital } from '@tabler/icons-react';
import { useWatch, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EMPLOYEE_JOB_TYPES, planAllows } from '@clinic/shared';
import { DateField, MultiSelectField, NumberField, SelectField, SwitchField, TagsField, TextAreaField, TextField } from '@/components/form/fields';
import { useSession } from '@/lib/session-context';
import { useReferenceList } from '../api/get-reference-lists';
import type { EmployeeFormValues } from './person-form-values';
import { SectionFrame, optionsOf, type FieldSpec, type PersonSectionProps } from './person-sections-shared';

/** The job fields of a form; the title may read differently for a doctor (the account form calls it speciality). */
export interface JobFields<T extends FieldValues> {
  employeeType: FieldSpec<T>;
  jobTitle: FieldSpec<T> & { doctorLabel?: string };
  jobType: FieldSpec<T>;
  hireDate: FieldSpec<T>;
}

interface ProfessionalProps<T extends FieldValues> extends PersonSectionProps<T> {
  fields: JobFields<T>;
  /** What the staff form adds in the grid (a doctor's licence and fee) and below it (certifications, experience, notes). */
  more?: (isDoctor: boolean) => ReactNode;
  after?: (isDoctor: boolean) => ReactNode;
}

/** Job title and type and the hire date. */
export function ProfessionalSection<T extends FieldValues>({ id, control, fields: f, more, after }: ProfessionalProps<T>) {
  const { t } = useTranslation();
  const isDoctor = useWatch({ control, name: f.employeeType.name }) === 'Doctor';
  const titleLabel = (isDoctor && f.jobTitle.doctorLabel) || f.jobTitle.label || 'people.fields.jobTitle';
  return (
    <SectionFrame id={id} icon={<IconBriefcase size={20} />} title={t('people.sections.professional')} description={t('people.sections.professionalHint')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextField control={control} name={f.jobTitle.name} label={t(titleLabel)} required={f.jobTitle.required} testId={f.jobTitle.testId} />
        <SelectField control={control} name={f.jobType.name} label={t('people.fields.jobType')} required data={optionsOf(t, 'jobTypes', EMPLOYEE_JOB_TYPES)} testId={f.jobType.testId} />
        <DateField control={control} name={f.hireDate.name} label={t('people.fields.hireDate')} required testId={f.hireDate.testId} />
        {more?.(isDoctor)}
      </SimpleGrid>
      {after?.(isDoctor)}
    </SectionFrame>
  );
}

/** The staff form's doctor fields in the job grid: licence, fee and on call. */
export function EmployeeDoctorFields({ control }: PersonSectionProps<EmployeeFormValues>) {
  const { t } = useTranslation();
  return (
    <>
      <TextField control={control} name="medicalLicenseNumber" label={t('people.fields.medicalLicenseNumber')} required testId="field-license" />
      <NumberField control={control} name="consultation_fee" label={t('people.fields.consultationFee')} min={0} allowDecimal decimalScale={2} />
      <SwitchField control={control} name="on_call" label={t('people.fields.onCall')} mt={{ sm: 30 }} />
    </>
  );
}

/** Below the job grid in the staff form: a doctor's certifications, then experience, qualifications and notes. */
export function EmployeeExperienceFields({ control, isDoctor }: PersonSectionProps<EmployeeFormValues> & { isDoctor: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {isDoctor && (
        <TagsField control={control} name="certifications" label={t('people.fields.certifications')} description={t('people.fields.certificationsHint')} required clearable testId="field-certifications" />
      )}
      <TextAreaField control={control} name="professional_experience" label={t('people.fields.professionalExperience')} required testId="field-experience" />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextAreaField control={control} name="Qualifications" label={t('people.fields.qualifications')} />
        <TextAreaField control={control} name="notes" label={t('people.fields.notes')} />
      </SimpleGrid>
    </>
  );
}

/** Where a form's person works: clinics always; specialities, department and complex where the form has them. */
export interface WorkPlaceFields<T extends FieldValues> {
  clinics: FieldSpec<T>;
  specializations?: FieldSpec<T>;
  departmentId?: FieldSpec<T>;
  clinicCollectionId?: FieldSpec<T>;
}

/** Clinics, specialities, and (as the plan allows) the department and medical complex. */
export function WorkPlacesSection<T extends FieldValues>({ id, control, fields: f }: PersonSectionProps<T> & { fields: WorkPlaceFields<T> }) {
  const { t } = useTranslation();
  const { plan } = useSession();
  const clinics = useReferenceList('clinics');
  const departments = useReferenceList('departments', Boolean(f.departmentId) && planAllows(plan, 'department'));
  const complexes = useReferenceList('cliniccollections', Boolean(f.clinicCollectionId) && planAllows(plan, 'complex'));
  const specialities = useReferenceList('specializations', Boolean(f.specializations));
  const notFound = t('people.noSpecialization');
  const listProps = (list: { data?: { value: string; label: string }[]; isPending: boolean }) => ({
    data: list.data ?? [],
    nothingFoundMessage: notFound,
    placeholder: list.isPending || !list.data?.length ? notFound : t('people.select'),
    disabled: !list.data?.length,
    searchable: true,
  });
  return (
    <SectionFrame id={id} icon={<IconBuildingHospital size={20} />} title={t('people.sections.workPlaces')} description={t('people.sections.workPlacesHint')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <MultiSelectField control={control} name={f.clinics.name} label={t(f.clinics.label ?? 'people.fields.clinics')} {...listProps(clinics)} testId={f.clinics.testId} />
        {f.specializations && <MultiSelectField control={control} name={f.specializations.name} label={t('people.fields.specialities')} {...listProps(specialities)} />}
        {f.departmentId && planAllows(plan, 'department') && <SelectField control={control} name={f.departmentId.name} label={t('people.fields.department')} clearable emptyValue={null} {...listProps(departments)} />}
        {f.clinicCollectionId && planAllows(plan, 'complex') && <SelectField control={control} name={f.clinicCollectionId.name} label={t('people.fields.medicalComplex')} clearable emptyValue={null} {...listProps(complexes)} />}
      </SimpleGrid>
    </SectionFrame>
  );
}
