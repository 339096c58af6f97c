import { vi } from 'vitest';
import type { DisplayBoard, DisplayCall } from '@clinic/shared';

/** A call as the board carries it, `s` seconds before the board's now. */
export function displayCall(id: string, label: string, secondsAgo: number, extra: Partial<DisplayCall> = {}): DisplayCall {
  return { id, label, room: 'غرفة 3', doctor: 'Dr. Rana', patientName: null, at: new Date(Date.parse(NOW) - secondsAgo * 1000).toISOString(), recall: false, ...extra };
}

export const NOW = '2026-03-01T09:00:00.000Z';

export function displayBoard(calls: DisplayCall[], extra: Partial<DisplayBoard> = {}): DisplayBoard {
  return {
    display: { name: 'Hall TV', room: null },
    clinic: { name: 'Al Noor Clinic', timeZone: 'Asia/Riyadh' },
    announce: 'ar',
    calls,
    waiting: [{ label: 'A-009', room: 'غرفة 3', patientName: null }, { label: 'B-002', room: null, patientName: null }],
    now: NOW,
    ...extra,
  };
}

/**
 * The browser's sound, recorded: Web Audio (`running` when the browser allows sound without a tap) and speech, with
 * what was spoken and in which language.
 */
export function stubSound(initial: 'running' | 'suspended' = 'running') {
  const spoken: Array<{ text: string; lang: string }> = [];
  const tones: number[] = [];
  const resume = vi.fn();
  class FakeAudioContext {
    state = initial;
    currentTime = 0;
    destination = {};
    resume() {
      resume();
      this.state = 'running';
      return Promise.resolve();
    }
    createOscillator() {
      return { type: 'sine', frequency: { setValueAtTime: (f: number) => tones.push(f) }, connect: (node: unknown) => node, start() {}, stop() {} };
    }
    createGain() {
      return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (node: unknown) => node };
    }
  }
  class FakeUtterance {
    lang = '';
    voice: unknown = null;
    rate = 1;
    constructor(public text: string) {}
  }
  vi.stubGlobal('AudioContext', FakeAudioContext);
  vi.stubGlobal('SpeechSynthesisUtterance', FakeUtterance);
  vi.stubGlobal('speechSynthesis', {
    getVoices: () => [],
    speak: (u: FakeUtterance) => {
      if (u.text) spoken.push({ text: u.text, lang: u.lang });
    },
  });
  return { spoken, tones, resume };
}
