import { useState } from 'react';
import { Anchor, Badge, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconListCheck, IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PatientProblemRecord } from '@clinic/shared';
import { SectionCard } from '@/components/details';
import { DatePickerInput } from '@/components/dates/pickers';
import { dateInputFormat, formatDay, todayIso } from '@/lib/dates';
import { usePatientDiagnosisChanges, useProblems } from '../api/problems';
import { problemTitle } from './code-title';
import { DiagnosisPicker } from './diagnosis-picker';

export interface ProblemListProps {
  patientId: string;
  /** False for a reader without clinical_write: the list without its controls. */
  canWrite?: boolean;
}

/**
 * A problem made by another doctor's sensitive encounter: listed (never silently left out) without its code and
 * title, pointing at the encounter to open with a reason; changed by that doctor only.
 */
function RestrictedProblem({ problem }: { problem: PatientProblemRecord }) {
  const { t, i18n } = useTranslation();
  const text = problemTitle(problem, i18n.language, t);
  return (
    <Stack gap={6} py="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }} data-testid="problem" data-status={problem.status} data-restricted>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <IconLock size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Text size="sm" fs="italic" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {problem.sourceEncounterId ? <Anchor component={Link} to={`/encounters/${problem.sourceEncounterId}`} inherit>{text}</Anchor> : text}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        {problem.onsetDate ? t('diagnoses.problems.since', { date: formatDay(problem.onsetDate, i18n.language) }) : t('diagnoses.problems.onsetUnknown')}
      </Text>
    </Stack>
  );
}

function ProblemRow({ problem, canWrite, changes }: { problem: PatientProblemRecord; canWrite: boolean; changes: ReturnType<typeof usePatientDiagnosisChanges> }) {
  const { t, i18n } = useTranslation();
  if (problem.restricted || problem.code === null || problem.titleEn === null) return <RestrictedProblem problem={problem} />;
  const title = problemTitle(problem, i18n.language, t);
  const save = (input: { status?: 'active' | 'resolved'; onsetDate?: string | null }) =>
    changes.updateProblem.mutate({ id: problem._id, input: { ...input, version: problem.version } });
  const busy = changes.updateProblem.isPending && changes.updateProblem.variables?.id === problem._id;
  const active = problem.status === 'active';
  return (
    <Stack gap={6} py="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }} data-testid="problem" data-code={problem.code} data-status={problem.status}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Badge variant="light" color={active ? 'orange' : 'gray'} tt="none" ff="monospace" dir="ltr" style={{ flexShrink: 0 }}>
          {problem.code}
        </Badge>
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Text>
      </Group>
      <Group gap="xs" justify="space-between" wrap="wrap">
        {canWrite ? (
          <DatePickerInput
            size="xs"
            w={170}
            clearable
            aria-label={t('diagnoses.problems.setOnset', { code: problem.code })}
            placeholder={t('diagnoses.problems.onset')}
            valueFormat={dateInputFormat(i18n.language)}
            value={problem.onsetDate}
            maxDate={problem.resolvedDate ?? todayIso()}
            onChange={(value) => save({ onsetDate: value ? String(value).slice(0, 10) : null })}
          />
        ) : (
          <Text size="xs" c="dimmed">
            {problem.onsetDate ? t('diagnoses.problems.since', { date: formatDay(problem.onsetDate, i18n.language) }) : t('diagnoses.problems.onsetUnknown')}
          </Text>
        )}
        {!active && problem.resolvedDate && (
          <Text size="xs" c="dimmed">
            {t('diagnoses.problems.resolvedOn', { date: formatDay(problem.resolvedDate, i18n.language) })}
          </Text>
        )}
        {canWrite && (
          <Button size="compact-xs" variant="light" color={active ? 'teal' : 'orange'} loading={busy} onClick={() => save({ status: active ? 'resolved' : 'active' })}>
            {active ? t('diagnoses.problems.resolve') : t('diagnoses.problems.reactivate')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** The patient's problems, active or resolved; a doctor resolves, reactivates and dates them. */
export function ProblemList({ patientId, canWrite = true }: ProblemListProps) {
  const { t } = useTranslation();
  const [view, setView] = useState<'active' | 'resolved'>('active');
  const problems = useProblems(patientId);
  const changes = usePatientDiagnosisChanges(patientId);
  const all = problems.data ?? [];
  const shown = all.filter((p) => p.status === view);
  const activeCount = all.filter((p) => p.status === 'active').length;

  return (
    <SectionCard
      icon={<IconListCheck size={18} />}
      title={t('diagnoses.problems.title')}
      testId="problem-list"
      action={
        <SegmentedControl
          size="xs"
          value={view}
          onChange={(v) => setView(v as 'active' | 'resolved')}
          data={[
            { value: 'active', label: t('diagnoses.problems.activeCount', { count: activeCount }) },
            { value: 'resolved', label: t('diagnoses.problems.resolved') },
          ]}
        />
      }
    >
      {canWrite && (
        <DiagnosisPicker
          label={t('diagnoses.problems.add')}
          disabled={changes.addProblem.isPending}
          onSelect={(code) => {
            setView('active');
            changes.addProblem.mutate({ codeId: code._id });
          }}
        />
      )}
      {!shown.length && !problems.isLoading ? (
        <Text size="sm" c="dimmed" mt="sm" data-testid="problem-list-empty">
          {view === 'active' ? t('diagnoses.problems.empty') : t('diagnoses.problems.emptyResolved')}
        </Text>
      ) : (
        <Stack gap={0} mt="sm">
          {shown.map((p) => (
            <ProblemRow key={p._id} problem={p} canWrite={canWrite} changes={changes} />
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
