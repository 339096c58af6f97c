import { useState, type ReactNode } from 'react';
import { Button, Group, SegmentedControl, Stack } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './print.module.css';

export type PaperSize = 'A4' | 'A5';

/**
 * A printable sheet in the user's language and direction: a toolbar (paper size, print) on screen, and only the sheet
 * when printed, on A4 or A5 with a margin. `actions` join the toolbar (for example another form of the printout).
 */
export function PrintFrame({ children, testId, actions }: { children: ReactNode; testId: string; actions?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const [size, setSize] = useState<PaperSize>(() => (new URLSearchParams(window.location.search).get('size') === 'A5' ? 'A5' : 'A4'));
  return (
    <Stack gap="sm">
      <Group className={classes.toolbar} justify="flex-end" gap="sm">
        {actions}
        <SegmentedControl aria-label={t('printouts.paper')} value={size} onChange={(v) => setSize(v as PaperSize)} data={['A4', 'A5']} data-testid="print-size" />
        <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()} data-testid="print-button">{t('printouts.print')}</Button>
      </Group>
      <style>{`@page { size: ${size}; margin: ${size === 'A4' ? '14mm' : '9mm'}; }`}</style>
      <div className={classes.sheet} data-size={size} dir={i18n.dir()} lang={i18n.language} data-testid={testId}>
        {children}
      </div>
    </Stack>
  );
}

export { classes as printClasses };
