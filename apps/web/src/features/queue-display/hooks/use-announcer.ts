import { useEffect, useRef } from 'react';
import type { DisplayBoard, DisplayCall } from '@clinic/shared';
import { i18n } from '@/lib/i18n';
import { announceLanguages, callsToAnnounce, chime, speak, spokenLabel, type AnnounceSetting } from '../lib/announce';

/** The pause between the chime and the voice. */
const VOICE_AFTER_MS = 900;

/** The spoken lines of calls, each in the clinic's announce language(s): Arabic first when both. */
export async function announcementLines(calls: readonly DisplayCall[], setting: AnnounceSetting) {
  const languages = announceLanguages(setting);
  // The other language's texts may not be loaded yet (the screen shows Arabic, the clinic announces in both).
  await i18n.loadLanguages(languages);
  return calls.flatMap((c) => languages.map((lang) => ({
    lang,
    text: i18n.getFixedT(lang)('queueDisplay.announce.call', { label: spokenLabel(c.label), place: c.room ?? c.doctor }),
  })));
}

/**
 * Announces each new call once: a chime, then the number and the room read out. The first board the screen loads
 * only marks its calls as seen; so does a board loaded while the sound is off (nothing is announced late).
 */
export function useAnnouncer(board: DisplayBoard | undefined, soundOn: boolean) {
  const seen = useRef<Set<string> | null>(null);
  const sound = useRef(soundOn);
  const alive = useRef(true);
  useEffect(() => {
    sound.current = soundOn;
  }, [soundOn]);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  useEffect(() => {
    if (!board) return;
    const fresh = callsToAnnounce(board, seen.current);
    seen.current = new Set([...(seen.current ?? []), ...board.calls.map((c) => c.id)]);
    if (!fresh.length || !sound.current) return;
    // Not cancelled by the next board (it may come at once, the same call's second event): only by leaving.
    chime();
    setTimeout(() => {
      void announcementLines(fresh, board.announce).then((lines) => {
        if (alive.current) speak(lines);
      });
    }, VOICE_AFTER_MS);
  }, [board]);
}
