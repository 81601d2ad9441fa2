/**
 * A result the door hears and feels as well as sees (a dark, loud venue): a short beep whose
 * pitch says which (high: in, two low: already, long low: no, short mid: undone) and a vibration pattern.
 */
type Tone = 'ok' | 'already' | 'no' | 'neutral';

const TONES: Record<Tone, { beeps: { hz: number; ms: number }[]; vibrate: number[] }> = {
  ok: { beeps: [{ hz: 1320, ms: 140 }], vibrate: [80] },
  already: {
    beeps: [
      { hz: 520, ms: 120 },
      { hz: 520, ms: 120 },
    ],
    vibrate: [80, 80, 80],
  },
  no: { beeps: [{ hz: 220, ms: 450 }], vibrate: [400] },
  /** An undone check-in: one soft mid tone, unlike any verdict about a ticket. */
  neutral: { beeps: [{ hz: 660, ms: 90 }], vibrate: [40] },
};

let audio: AudioContext | undefined;

/** Call from a user gesture once (browsers start audio only after one). */
export function unlockSound(): void {
  try {
    audio ??= new AudioContext();
    if (audio.state === 'suspended') void audio.resume();
  } catch {
    // no Web Audio: silent
  }
}

export function signal(tone: Tone): void {
  const { beeps, vibrate } = TONES[tone];
  try {
    navigator.vibrate?.(vibrate);
  } catch {
    // no vibration
  }
  if (!audio || audio.state !== 'running') return;
  let start = audio.currentTime;
  for (const { hz, ms } of beeps) {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.type = 'square';
    osc.frequency.value = hz;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.25, start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + ms / 1000);
    osc.connect(gain).connect(audio.destination);
    osc.start(start);
    osc.stop(start + ms / 1000 + 0.02);
    start += ms / 1000 + 0.08;
  }
}
