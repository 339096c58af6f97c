import type { ReactNode } from 'react';
import { Box, Group } from '@mantine/core';
import { LanguageMenu } from '@/components/language-menu';
import { Logo } from '@/components/logo';
import { ThemeToggle } from '@/components/theme-toggle';
import classes from './onboarding-layout.module.css';

/** The frame of the plan choice and the registration wizard (no sidebar, no header). */
export function OnboardingLayout({ children }: { children: ReactNode }) {
  return (
    <Box className={classes.page}>
      <Group justify="space-between" className={classes.topBar} gap="xs">
        <Logo />
        <Group gap="xs">
          <LanguageMenu variant="button" />
          <ThemeToggle />
        </Group>
      </Group>
      <Box className={classes.content}>{children}</Box>
    </Box>
  );
}
