import { useState } from 'react';
import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '@clinic/shared';
import { LoginForm } from '@/features/auth';
import { SignupForm } from './signup-form';

/** The wizard's first step: sign up a new organisation, or sign in to an existing one. */
export function AccountStep({ onSignedIn }: { onSignedIn: (user: SessionUser) => void }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'signup' | 'login'>('signup');
  return (
    <Stack gap="lg">
      <SegmentedControl
        fullWidth
        value={mode}
        onChange={(v) => setMode(v as 'signup' | 'login')}
        data={[
          { value: 'signup', label: t('register.modes.signup') },
          { value: 'login', label: t('register.modes.login') },
        ]}
        data-testid="wizard-mode"
      />
      {mode === 'signup' ? (
        <SignupForm onSignedUp={(result) => onSignedIn(result.user)} />
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">{t('register.loginHint')}</Text>
          <LoginForm onSignedIn={onSignedIn} />
        </Stack>
      )}
    </Stack>
  );
}
