import { Alert, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PrescriptionCheckResult } from '@clinic/shared';

type Warning = PrescriptionCheckResult['warnings'][number];

/** A warning in words: "Amoxil: the patient is allergic to amoxicillin (severe)". */
export function useWarningText() {
  const { t } = useTranslation();
  return (w: Warning) => (w.kind === 'allergy'
    ? t('prescriptions.check.allergy', { drug: w.drugName, substance: w.substance, severity: w.severity ? t(`allergies.severity.${w.severity}`) : t('prescriptions.check.severityNotStated') })
    // A current medication of another doctor's sensitive visit is checked, but not named.
    : w.restricted ? t('prescriptions.check.duplicateRestricted', { drug: w.drugName })
      : t(w.sameDrug ? 'prescriptions.check.duplicateSame' : 'prescriptions.check.duplicateGeneric', { drug: w.drugName, current: w.medicationName }));
}

/**
 * What the checks found, before issuing: each warning in red with a box for the reason it is overridden, and the
 * "no data" notices, always shown (allergies never recorded, no class check made, no current medications).
 */
export function CheckNotices({ check, pending, failed, reasons, onReason }: {
  check: PrescriptionCheckResult | undefined; pending: boolean; failed: boolean;
  reasons: Record<string, string>; onReason: (key: string, reason: string) => void;
}) {
  const { t } = useTranslation();
  const text = useWarningText();
  if (failed) return <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="rx-check-failed">{t('prescriptions.check.failed')}</Alert>;
  if (!check) return <Text size="sm" c="dimmed" data-testid="rx-check-waiting">{pending ? t('prescriptions.check.running') : t('prescriptions.check.chooseDrug')}</Text>;
  return (
    <Stack gap="xs" data-testid="rx-checks">
      {check.warnings.map((w) => (
        <Alert key={w.key} color="red" icon={<IconAlertTriangle size={18} />} title={text(w)} data-testid={`rx-warning-${w.kind}`}>
          <Textarea
            label={t('prescriptions.check.reason')}
            description={t('prescriptions.check.reasonHint')}
            value={reasons[w.key] ?? ''}
            onChange={(e) => onReason(w.key, e.currentTarget.value)}
            maxLength={500}
            autosize
            minRows={1}
            required
            data-testid="rx-warning-reason"
          />
        </Alert>
      ))}
      {check.warnings.length === 0 && <Text size="sm" c="teal" data-testid="rx-no-warnings">{t('prescriptions.check.noWarnings')}</Text>}
      {check.notices.map((n) => (
        <Alert key={n} color={n === 'allergiesUnknown' ? 'orange' : 'gray'} icon={<IconInfoCircle size={18} />} data-testid={`rx-notice-${n}`}>
          {t(`prescriptions.notice.${n}`)}
        </Alert>
      ))}
    </Stack>
  );
}
