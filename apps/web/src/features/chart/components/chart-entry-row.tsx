import type { ReactNode } from 'react';
import { Anchor, Badge, Group, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconFileText, IconFlask, IconHeartbeat, IconListCheck, IconLock, IconNotes, IconPill, IconPrescription, IconReportMedical, IconStethoscope } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ChartEntry, ChartKind } from '@clinic/shared';
import { formatTime } from '@/lib/dates';
import { entryDetailParts } from './entry-detail';

const ICONS: Record<ChartKind, ReactNode> = {
  encounter: <IconNotes size={15} />,
  vitals: <IconHeartbeat size={15} />,
  diagnosis: <IconStethoscope size={15} />,
  problem: <IconListCheck size={15} />,
  allergy: <IconAlertTriangle size={15} />,
  medication: <IconPill size={15} />,
  document: <IconFileText size={15} />,
  prescription: <IconPrescription size={15} />,
  order: <IconFlask size={15} />,
  result: <IconReportMedical size={15} />,
};
const COLORS: Record<ChartKind, string> = {
  encounter: 'blue', vitals: 'teal', diagnosis: 'grape', problem: 'violet', allergy: 'red', medication: 'orange', document: 'gray',
  prescription: 'yellow', order: 'cyan', result: 'indigo',
};
/** The panel of the patient's page an entry without a page of its own opens (scrolled to). */
const PANELS: Partial<Record<ChartKind, string>> = {
  vitals: 'vitals-panel', diagnosis: 'problem-list', problem: 'problem-list', allergy: 'allergies-panel', medication: 'medication-list', encounter: 'patient-encounters',
  prescription: 'prescription-panel', order: 'orders-panel', result: 'orders-panel',
};
const KNOWN_STATUSES = new Set(['visit', 'phone', 'primary', 'secondary', 'active', 'inactive', 'resolved', 'stopped', 'completed', 'entered_in_error',
  'draft', 'issued', 'cancelled', 'ordered', 'collected', 'resulted', 'abnormal', 'normal']);

function scrollToPanel(kind: ChartKind) {
  const panel = PANELS[kind];
  if (panel) document.querySelector(`[data-testid="${panel}"]`)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

/** One entry of the chart: its time, kind, title (in the interface language where the record has it), state, author. */
export function ChartEntryRow({ entry }: { entry: ChartEntry }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  // A masked entry (another doctor's sensitive encounter) says so instead of its title: it is there, and where to open it.
  const title = entry.restricted
    ? t('chart.restricted')
    : entry.title ? (lang === 'ar' && entry.title.ar ? entry.title.ar : entry.title.en) : t(`chart.kind.${entry.kind}`);
  const label = <Text span size="sm" fw={600} lineClamp={1} fs={entry.restricted ? 'italic' : undefined}>{title}</Text>;
  const opener = entry.link.page === 'encounter'
    ? <Anchor component={Link} to={`/encounters/${entry.link.id}`} underline="hover" c="inherit">{label}</Anchor>
    : entry.link.page === 'document' && entry.link.url
      ? <Anchor href={entry.link.url} target="_blank" rel="noopener" underline="hover" c="inherit">{label}</Anchor>
      : <UnstyledButton onClick={() => scrollToPanel(entry.kind)}>{label}</UnstyledButton>;
  // The kind (unless it is already the title), the detail in the interface language with each part isolated (a code
  // or a measurement keeps its own direction in Arabic), the author.
  const meta: ReactNode[] = [
    entry.title || entry.restricted ? t(`chart.kind.${entry.kind}`) : null,
    ...entryDetailParts(entry, lang, { t, exists: (key) => i18n.exists(key) }).map((part, i) => <bdi key={`detail-${i}`}>{part}</bdi>),
    entry.author ? t('chart.by', { name: entry.author.name }) : null,
  ].filter((part) => part !== null);
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" py={6} data-testid="chart-entry" data-kind={entry.kind} data-restricted={entry.restricted || undefined}>
      <Text size="xs" c="dimmed" w={42} pt={2} style={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}>{formatTime(new Date(entry.at), lang)}</Text>
      <ThemeIcon size={24} radius="xl" variant="light" color={COLORS[entry.kind]} aria-hidden style={{ flexShrink: 0 }}>{ICONS[entry.kind]}</ThemeIcon>
      <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
        <Group gap={6} wrap="wrap">
          {opener}
          {entry.encounter && (
            <Badge size="xs" variant="light" color={entry.encounter.state === 'signed' ? 'teal' : 'yellow'}
              leftSection={entry.encounter.state === 'signed' ? <IconLock size={10} /> : undefined}>
              {t(`chart.state.${entry.encounter.state}`)}
            </Badge>
          )}
          {entry.encounter && entry.encounter.addenda > 0 && <Badge size="xs" variant="outline" color="gray">{t('chart.addenda', { count: entry.encounter.addenda })}</Badge>}
          {entry.status && KNOWN_STATUSES.has(entry.status) && (
            <Badge size="xs" variant="dot" color={entry.status === 'entered_in_error' || entry.status === 'abnormal' ? 'red' : 'gray'}>{t(`chart.status.${entry.status}`)}</Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed" lineClamp={2} data-testid="chart-entry-meta">
          {meta.map((part, i) => <span key={i}>{i > 0 && ' · '}{part}</span>)}
        </Text>
      </Stack>
    </Group>
  );
}
