import type { ReactNode } from 'react';
import { Button, Card, Center, Group, Loader } from '@mantine/core';
import { IconArrowLeft, IconSearch } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { isApiError } from '@/lib/http';

const backIcon = <IconArrowLeft size={16} style={{ transform: 'scaleX(var(--mantine-direction-scale, 1))' }} />;

export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Group>
      <Button
        component={Link}
        to={to}
        variant="subtle"
        color="gray"
        size="compact-sm"
        leftSection={backIcon}
      >
        {label}
      </Button>
    </Group>
  );
}

export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih="40vh">
      <Loader role="status" aria-label={t('common.loading')} />
    </Center>
  );
}

interface DetailsMissingProps {
  /** What is said when the record does not exist. */
  title: string;
  description?: string;
  /** Loading failed for another reason: its message, said instead of `title`, with a way to try again. */
  error?: string | null;
  onRetry?: () => void;
  icon?: ReactNode;
  backTo: string;
  backLabel: string;
}

/** Not found (or another company's id) and load failures of a details page. */
export function DetailsMissing({ title, description, error, onRetry, icon, backTo, backLabel }: DetailsMissingProps) {
  const { t } = useTranslation();
  return (
    <Card>
      <EmptyState
        title={error ?? title}
        description={error ? undefined : description}
        icon={icon ?? <IconSearch stroke={1.6} />}
        actions={
          <Group gap="sm">
            {error && onRetry && (
              <Button variant="default" onClick={onRetry}>
                {t('common.actions.retry')}
              </Button>
            )}
            <Button component={Link} to={backTo} variant="light" leftSection={backIcon}>
              {backLabel}
            </Button>
          </Group>
        }
      />
    </Card>
  );
}

/** True when the server says the record is not there (an unknown id, or one of another company). */
export function isMissing(error: unknown): boolean {
  return isApiError(error) && [404, 422].includes(error.status);
}

export interface DetailsFrameProps<T> {
  /** The record's query. */
  query: UseQueryResult<T>;
  /** Said when the record does not exist. */
  notFound: string;
  notFoundHint?: string;
  icon?: ReactNode;
  /** Where the not-found and error states lead back to (the list). */
  back: { to: string; label: string };
  /** The page, once the record is there. */
  children: (record: T) => ReactNode;
}

/**
 * A details page's one gate: a loader while the record loads, "not found" with the way back when it does not exist,
 * the error with Retry when loading failed, and the page once the record is there.
 */
export function DetailsFrame<T>({ query, notFound, notFoundHint, icon, back, children }: DetailsFrameProps<T>) {
  if (query.isPending) return <PageLoader />;
  if (query.isError || query.data === undefined || query.data === null) {
    const error = query.isError && !isMissing(query.error) ? query.error.message : null;
    return (
      <DetailsMissing
        title={notFound}
        description={notFoundHint}
        error={error}
        onRetry={() => void query.refetch()}
        icon={icon}
        backTo={back.to}
        backLabel={back.label}
      />
    );
  }
  return <>{children(query.data)}</>;
}
