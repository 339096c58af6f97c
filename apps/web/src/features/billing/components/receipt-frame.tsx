import type { ReactNode } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './receipt.module.css';

/** An 80 mm till printout in the user's language and direction: a print button on screen, only the strip on paper. */
export function ReceiptFrame({ children, testId }: { children: ReactNode; testId: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap="sm">
      <Group className={classes.toolbar} justify="flex-end">
        <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()} data-testid="print-button">{t('printouts.print')}</Button>
      </Group>
      <style>{'@page { size: 80mm auto; margin: 4mm; }'}</style>
      <div className={classes.receipt} dir={i18n.dir()} lang={i18n.language} data-testid={testId}>
        {children}
      </div>
    </Stack>
  );
}
