import type { DisplayBoard, DisplayCall } from '@clinic/shared';

export type AnnounceSetting = DisplayBoard['announce'];
export type SpokenLanguage = 'ar' | 'en';

/** A call older than this when the screen first sees it (after being offline) is shown, not announced. */
export const ANNOUNCE_WITHIN_MS = 2 * 60_000;
/** At most this many calls are announced at once (the newest ones), however many came while the screen was away. */
export const ANNOUNCE_AT_MOST = 3;

/** The languages a clinic's setting announces in, in order: Arabic before English when both. */
export function announceLanguages(setting: AnnounceSetting): SpokenLanguage[] {
  return setting === 'both' ? ['ar', 'en'] : [setting];
}

/** A label as a voice should read it: each character apart ("A-007" → "A 0 0 7"), so no voice says "seven" or "minus". */
export function spokenLabel(label: string): string {
  return [...label.replace(/[^A-Za-z0-9]/g, '')].join(' ');
}

/**
 * The calls to announce on a fresh board, oldest first: those not seen before, called at most two minutes before the
 * server's now, the newest three of them. The first board a screen loads announces nothing (`seen` null).
 */
export function callsToAnnounce(board: Pick<DisplayBoard, 'calls' | 'now'>, seen: ReadonlySet<string> | null): DisplayCall[] {
  if (!seen) return [];
  const now = Date.parse(board.now);
  return board.calls
    .filter((c) => !seen.has(c.id) && !(now - Date.parse(c.at) > ANNOUNCE_WITHIN_MS))
    .slice(0, ANNOUNCE_AT_MOST)
    .reverse();
}

let audio: AudioContext | null = null;

function audioContext(): AudioContext | null {
  const Context = typeof window === 'undefined' ? undefined : (window.AudioContext ?? (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext);
  if (!Context) return null;
  if (!(audio instanceof Context)) audio = new Context();
  return audio;
}

/** Whether this browser can make a sound at all (Web Audio or speech). */
export function soundSupported(): boolean {
  return typeof window !== 'undefined' && (Boolean(window.AudioContext) || 'speechSynthesis' in window);
}

/** Whether sound already plays without a tap (a kiosk browser started to allow it, or a tap earlier on this page). */
export function soundAllowed(): boolean {
  return audioContext()?.state === 'running';
}

/**
 * Unlocks sound; called from a tap (browsers play nothing before one). Also speaks an empty line, which lets speech
 * play later on browsers that ask for a gesture for it too.
 */
export async function enableSound(): Promise<void> {
  await audioContext()?.resume().catch(() => undefined);
  if (typeof window !== 'undefined' && 'speechSynthesis' in window) window.speechSynthesis.speak(new SpeechSynthesisUtterance(''));
}

/** A soft two-note chime (an oscillator, no sound file), about a second long. */
export function chime(): void {
  const ctx = audioContext();
  if (!ctx || ctx.state !== 'running') return;
  const start = ctx.currentTime;
  [659.25, 880].forEach((frequency, i) => {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    const at = start + i * 0.35;
    osc.type = 'sine';
    osc.frequency.setValueAtTime(frequency, at);
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.35, at + 0.03);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.7);
    osc.connect(gain).connect(ctx.destination);
    osc.start(at);
    osc.stop(at + 0.75);
  });
}

const VOICE_LANG: Record<SpokenLanguage, string> = { ar: 'ar-SA', en: 'en-GB' };

/** Speaks each line in its language, with a voice of that language when the browser has one. */
export function speak(lines: ReadonlyArray<{ lang: SpokenLanguage; text: string }>): void {
  if (typeof window === 'undefined' || !('speechSynthesis' in window)) return;
  const synth = window.speechSynthesis;
  const voices = synth.getVoices();
  for (const line of lines) {
    const utterance = new SpeechSynthesisUtterance(line.text);
    utterance.lang = VOICE_LANG[line.lang];
    const voice = voices.find((v) => v.lang.toLowerCase().startsWith(line.lang));
    if (voice) utterance.voice = voice;
    utterance.rate = 0.9;
    synth.speak(utterance);
  }
}
