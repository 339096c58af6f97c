import { useCallback, useEffect, useState } from 'react';
import { Alert, Box, Center, Group, Loader } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { storeDisplayToken, storedDisplayToken } from '../api/queue-display';
import { BoardView } from '../components/board-view';
import { DisplayControls } from '../components/display-controls';
import { PairingForm } from '../components/pairing-form';
import { SoundGate } from '../components/sound-gate';
import { useAnnouncer } from '../hooks/use-announcer';
import { useDisplayBoard } from '../hooks/use-display-board';
import { useDisplayLanguage } from '../hooks/use-display-language';
import { useWakeLock } from '../hooks/use-wake-lock';
import { soundAllowed, soundSupported } from '../lib/announce';

/** A paired screen: the board, live, announcing each new call. */
function PairedDisplay({ token, onRevoked }: { token: string; onRevoked: () => void }) {
  const { t } = useTranslation();
  const [soundOn, setSoundOn] = useState(soundAllowed);
  const { board, offline } = useDisplayBoard(token, onRevoked);
  useAnnouncer(board.data, soundOn);
  useWakeLock();
  const clinic = board.data?.clinic.name;
  useEffect(() => {
    document.title = clinic ? `${clinic} · ${t('queueDisplay.title')}` : t('queueDisplay.title');
  }, [clinic, t]);

  if (!board.data) {
    return (
      <Center mih="100vh" p="xl">
        {board.isError ? (
          <Alert color="orange" icon={<IconInfoCircle />} role="status" data-testid="display-error">{t('queueDisplay.board.error')}</Alert>
        ) : (
          <Loader size="xl" role="status" aria-label={t('queueDisplay.board.loading')} />
        )}
      </Center>
    );
  }
  return (
    <>
      <BoardView board={board.data} offline={offline} controls={<DisplayControls />} />
      {!soundOn && soundSupported() && <SoundGate onEnabled={() => setSoundOn(true)} />}
    </>
  );
}

/**
 * The waiting-room display (`/display`), for a TV in the waiting room, without a sign-in: paired once with a one-time
 * code, then the clinic's calls, live. A revoked display goes back to the pairing screen and says why.
 */
export default function DisplayPage() {
  const { t } = useTranslation();
  const languageReady = useDisplayLanguage();
  const [token, setToken] = useState(storedDisplayToken);
  const [revoked, setRevoked] = useState(false);
  const onRevoked = useCallback(() => {
    storeDisplayToken(null);
    setToken(null);
    setRevoked(true);
  }, []);
  const onPaired = useCallback((value: string) => {
    storeDisplayToken(value);
    setRevoked(false);
    setToken(value);
  }, []);

  useEffect(() => {
    if (!token) document.title = t('queueDisplay.pairing.title');
  }, [token, t]);

  if (!languageReady) return null;
  if (token) return <PairedDisplay key={token} token={token} onRevoked={onRevoked} />;
  return (
    <Box mih="100vh" p="xl" bg="var(--mantine-color-body)">
      <Group justify="flex-end" mb="xl"><DisplayControls /></Group>
      <PairingForm revoked={revoked} onPaired={onPaired} />
    </Box>
  );
}
