import { useState } from 'react';
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/http';
import { useSignNote } from '../api/encounters';

interface SignDialogProps {
  encounterId: string;
  opened: boolean;
  onClose: () => void;
  /** Sends what is still pending; answers the version the server has. */
  flush: () => Promise<number>;
  onSigned: () => void;
  /** Field errors of an incomplete note, shown on the form. */
  onFieldErrors: (fields: Record<string, string>) => void;
}

/** Signing asks for the doctor's password again; a signed note is locked (corrections are addenda). */
export function SignDialog({ encounterId, opened, onClose, flush, onSigned, onFieldErrors }: SignDialogProps) {
  const { t } = useTranslation();
  const sign = useSignNote(encounterId);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    setError(null);
    try {
      const version = await flush();
      await sign.mutateAsync({ version, password });
      setPassword('');
      onSigned();
    } catch (e) {
      if (isApiError(e) && e.fields && Object.keys(e.fields).some((k) => k.startsWith('content.'))) {
        onFieldErrors(e.fields);
        onClose();
      }
      setError(isApiError(e) ? (e.fields?.password ?? e.message) : t('errors.unexpected'));
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('encounter.sign.title')} data-testid="sign-dialog">
      <form onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        <Stack gap="md">
          <Text size="sm">{t('encounter.sign.body')}</Text>
          <PasswordInput label={t('encounter.sign.password')} value={password} onChange={(e) => setPassword(e.currentTarget.value)} autoComplete="current-password" data-autofocus required data-testid="sign-password" />
          {error && <Alert color="red" role="alert" data-testid="sign-error">{error}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t('common.cancel', { defaultValue: 'Cancel' })}</Button>
            <Button type="submit" color="teal" leftSection={<IconSignature size={18} />} loading={sign.isPending} disabled={!password} data-testid="sign-submit">{t('encounter.sign.submit')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
