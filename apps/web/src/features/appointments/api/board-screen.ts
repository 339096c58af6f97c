import { useEffect, useState } from 'react';
import { useInterval } from '@mantine/hooks';
import { BOARD_REFRESH_MS } from './get-board';

/**
 * What a screen of the day's cards (the front desk's board, My day) keeps beside the board itself: it is drawn again
 * each refresh period even when nothing changed (minutes waiting move on, a no-show is offered once a start has
 * passed), and each card's last refusal is kept to show on that card.
 */
export function useBoardScreen() {
  const [, setTick] = useState(0);
  const clock = useInterval(() => setTick((n) => n + 1), BOARD_REFRESH_MS);
  useEffect(() => {
    clock.start();
    return clock.stop;
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  const [errors, setErrors] = useState<Record<string, string>>({});
  const setError = (id: string, message: string | null) =>
    setErrors((prev) => {
      const { [id]: _dropped, ...rest } = prev;
      return message ? { ...rest, [id]: message } : rest;
    });
  return { errors, setError, clearErrors: () => setErrors({}) };
}
