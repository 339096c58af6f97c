import { Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { StaleRecordAlert } from '@/components/stale-record-alert';
import { useEditedRecord } from '@/lib/edited-record';
import { BackLink, DetailsMissing, PageLoader } from '@/components/details';
import { useCompany } from '../api/get-company';
import { useCreateCompany, useUpdateCompany } from '../api/save-company';
import { CompanyForm, companyFormValues, emptyCompany } from '../components/company-form';
import { LogoUpload } from '../components/logo-upload';

/** Edits the company (or creates its profile the first time); success returns to /company with an updated flag. */
export default function CompanyEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const company = useCompany();
  const create = useCreateCompany();
  const update = useUpdateCompany();
  const done = () => void navigate('/company', { state: { updated: true } });
  const edit = useEditedRecord(company.data ?? undefined, company.refetch);

  if (company.isPending) return <PageLoader />;
  if (company.isError) {
    return <DetailsMissing title={t('company.empty')} error={company.error.message} onRetry={() => void company.refetch()} backTo="/company" backLabel={t('company.backToDetails')} />;
  }
  // The profile as the form loaded it (null: none yet, the form creates it).
  const current = company.data ? edit.record : null;
  return (
    <Stack gap="lg">
      <BackLink to="/company" label={t('company.backToDetails')} />
      <PageHeader title={current ? t('company.editTitle') : t('company.createTitle')} subtitle={t('company.editSubtitle')} />
      <StaleRecordAlert stale={edit.stale} reloading={edit.reloading} onReload={() => void edit.reload()} />
      <CompanyForm
        key={current ? edit.formKey : 'new'}
        defaultValues={current ? companyFormValues(current) : emptyCompany()}
        submitLabel={current ? t('company.update') : t('company.createSubmit')}
        // The logo is stored on its own (not a field of the form): it shows the latest one.
        logo={current ? <LogoUpload companyId={current._id} url={company.data?.logo?.url ?? null} /> : undefined}
        onSubmit={async (values) => {
          if (current) await edit.save((version) => update.mutateAsync({ id: current._id, values, version }));
          else await create.mutateAsync(values);
          done();
        }}
        onCancel={done}
      />
    </Stack>
  );
}
