import { useSyncExternalStore } from 'react';
import { LoadingOverlay } from '@mantine/core';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isAskingStepUp, subscribeStepUp } from '@/lib/step-up';
import classes from './shell.module.css';

/**
 * A thin bar at the top while data loads, and a light overlay while a change is being saved (so a
 * second click cannot send it twice). Mutations with `meta.globalOverlay === false` show their own
 * progress instead. A change waiting for the step-up dialog shows no overlay (the dialog is its progress).
 */
export function GlobalLoading() {
  const { t } = useTranslation();
  const fetching = useIsFetching();
  const mutating = useIsMutating({ predicate: (mutation) => mutation.options.meta?.globalOverlay !== false });
  const askingStepUp = useSyncExternalStore(subscribeStepUp, isAskingStepUp);
  return (
    <>
      {fetching > 0 && (
        <div className={classes.progress} role="progressbar" aria-label={t('common.loading')} data-testid="global-progress" />
      )}
      <LoadingOverlay
        visible={mutating > 0 && !askingStepUp}
        pos="fixed"
        zIndex={400}
        overlayProps={{ backgroundOpacity: 0.25, blur: 1 }}
        loaderProps={{ type: 'dots' }}
        data-testid="global-overlay"
      />
    </>
  );
}
