import { useState } from 'react';
import { ActionIcon, Button, FileInput, Group, Paper, Stack, Text, TextInput, ThemeIcon, Tooltip } from '@mantine/core';
import { IconDownload, IconFileText, IconPhoto, IconReportMedical, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_MAX_BYTES, type PatientDetails } from '@clinic/shared';
import { isApiError } from '@/lib/http';
import { useUploadHealthReport } from '../api/upload-health-report';
import { DetailsCard } from './patient-details-cards';
import { fileSize, formatDate } from './patient-format';

const REPORT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'];

/** Health reports: upload a PDF or image with a title; each is listed with its date and can be downloaded. */
export function HealthReportsCard({ patient, canWrite }: { patient: PatientDetails; canWrite: boolean }) {
  const { t, i18n } = useTranslation();
  const upload = useUploadHealthReport(patient._id);
  const [title, setTitle] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ title?: string; file?: string }>({});

  const submit = () => {
    const next: { title?: string; file?: string } = {};
    if (!title.trim()) next.title = t('validation.reportTitleRequired');
    if (!file) next.file = t('validation.reportFileRequired');
    else if (!REPORT_TYPES.includes(file.type)) next.file = t('errors.fileType', { types: 'PDF, JPG, PNG' });
    else if (file.size > DOCUMENT_MAX_BYTES) next.file = t('errors.fileTooLarge', { max: 10 });
    setErrors(next);
    if (next.title || next.file || !file) return;
    upload.mutate(
      { title: title.trim(), file },
      {
        onSuccess: () => {
          setTitle('');
          setFile(null);
        },
        onError: (error) => {
          if (isApiError(error) && error.fields) setErrors({ title: error.fields.title, file: error.fields.file });
        },
      },
    );
  };

  return (
    <DetailsCard icon={<IconReportMedical size={18} />} title={t('patients.details.reports.title')} testId="health-reports">
      {canWrite && (
        <Paper withBorder p="sm" radius="md">
          <form
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
            noValidate
          >
            <Group align="flex-start" gap="sm" wrap="wrap">
              <TextInput
                label={t('patients.details.reports.reportTitle')}
                placeholder={t('patients.details.reports.reportTitlePlaceholder')}
                value={title}
                maxLength={120}
                onChange={(event) => setTitle(event.currentTarget.value)}
                error={errors.title}
                style={{ flex: '1 1 12rem' }}
                data-testid="report-title"
              />
              <FileInput
                label={t('patients.details.reports.file')}
                placeholder={t('patients.details.reports.filePlaceholder')}
                accept="application/pdf,image/png,image/jpeg"
                value={file}
                onChange={setFile}
                clearable
                error={errors.file}
                style={{ flex: '1 1 12rem' }}
                data-testid="report-file"
              />
              <Button type="submit" mt={{ base: 0, xs: 25 }} leftSection={<IconUpload size={16} />} loading={upload.isPending} data-testid="report-submit">
                {t('patients.details.reports.submit')}
              </Button>
            </Group>
            <Text size="xs" c="dimmed" mt={6}>
              {t('patients.details.reports.fileHint')}
            </Text>
          </form>
        </Paper>
      )}
      {patient.healthReports.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('patients.details.reports.empty')}
        </Text>
      ) : (
        <Stack gap="xs">
          {patient.healthReports.map((report) => (
            <Paper key={report._id} withBorder p="sm" radius="md" data-testid="health-report">
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                  <ThemeIcon variant="light" color={report.file.mimeType === 'application/pdf' ? 'red' : 'blue'} size={36} radius="md" aria-hidden>
                    {report.file.mimeType === 'application/pdf' ? <IconFileText size={18} /> : <IconPhoto size={18} />}
                  </ThemeIcon>
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600} truncate>
                      {report.title}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {t('patients.details.reports.uploadedOn', { date: formatDate(report.createdAt, i18n.language) })}
                      {report.uploadedBy ? ` ${t('patients.details.reports.uploadedBy', { name: report.uploadedBy.name })}` : ''} · {fileSize(report.file.size, i18n.language)}
                    </Text>
                  </Stack>
                </Group>
                <Tooltip label={t('patients.details.reports.download', { title: report.title })}>
                  <ActionIcon
                    component="a"
                    href={report.file.url}
                    download={report.file.name}
                    variant="light"
                    size="lg"
                    aria-label={t('patients.details.reports.download', { title: report.title })}
                    data-testid="report-download"
                  >
                    <IconDownload size={18} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </DetailsCard>
  );
}
