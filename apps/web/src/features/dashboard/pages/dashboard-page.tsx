import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The spec's dashboard shows only its heading. */
export default function DashboardPage() {
  const { t } = useTranslation();
  return <Title order={2}>{t('dashboard.title')}</Title>;
}
