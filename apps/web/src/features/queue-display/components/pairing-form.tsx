import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDeviceTv, IconInfoCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/http';
import { pairDisplay } from '../api/queue-display';
import { enableSound } from '../lib/announce';

/** The code as typed on a remote or keyboard: capitals, without spaces or dashes. */
export function normaliseCode(text: string): string {
  return text.toUpperCase().replace(/[\s-]/g, '');
}

const CODE_LENGTH = 8;

interface PairingFormProps {
  /** The screen was refused (revoked, or paired again on another screen): say so above the form. */
  revoked: boolean;
  onPaired: (token: string) => void;
}

/**
 * The unpaired screen: one big field for the 8-character code an administrator made for this display. Pairing is a
 * tap, so it also unlocks the screen's sound.
 */
export function PairingForm({ revoked, onPaired }: PairingFormProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const pair = useMutation({ mutationFn: (value: string) => pairDisplay(value), onSuccess: (data) => onPaired(data.token) });
  const ready = code.length === CODE_LENGTH;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    void enableSound();
    pair.mutate(code);
  };

  return (
    <Card withBorder radius="lg" padding="xl" maw={640} w="100%" mx="auto" data-testid="display-pairing">
      <form onSubmit={submit}>
        <Stack gap="lg" align="stretch">
          <Stack gap={6} align="center">
            <IconDeviceTv size={56} stroke={1.4} aria-hidden />
            <Title order={1} ta="center">{t('queueDisplay.pairing.title')}</Title>
            <Text ta="center" size="lg" c="dimmed">{t('queueDisplay.pairing.intro')}</Text>
          </Stack>
          {revoked && <Alert color="orange" icon={<IconInfoCircle />} role="alert" data-testid="display-revoked">{t('queueDisplay.pairing.revoked')}</Alert>}
          <TextInput
            label={t('queueDisplay.pairing.code')}
            value={code}
            onChange={(e) => setCode(normaliseCode(e.currentTarget.value).slice(0, CODE_LENGTH))}
            size="xl"
            autoFocus
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            dir="ltr"
            styles={{ input: { fontSize: '2.5rem', letterSpacing: '0.3em', textAlign: 'center', fontFamily: 'ui-monospace, monospace', height: '4.5rem' } }}
            error={pair.isError ? (isApiError(pair.error) ? pair.error.message : t('errors.network')) : undefined}
            data-testid="display-pairing-code"
          />
          <Button type="submit" size="xl" disabled={!ready} loading={pair.isPending} data-testid="display-pairing-submit">
            {t('queueDisplay.pairing.submit')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
