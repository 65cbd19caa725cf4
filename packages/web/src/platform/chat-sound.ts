/**
 * The app's sounds: short tones made with Web Audio, so no sound file ships. Browsers start audio only after the user
 * interacted with the page; before that a tone is silently skipped.
 */

/** The tones (spec §3 sound settings: one per event). */
export type Tone = "chime" | "bell" | "pop";

// Notes (Hz) of each tone and the length of each note (s): short and soft enough for a busy office.
const NOTES: Record<Tone, readonly number[]> = {
  chime: [880, 1320],
  bell: [1568, 1175, 784],
  pop: [520],
};
const NOTE_SECONDS = 0.09;
const VOLUME = 0.08;

let context: AudioContext | null = null;

/**
 * Plays a tone once; does nothing where Web Audio is missing or not yet allowed.
 * @param tone - which tone.
 * @returns whether it started.
 */
export function playTone(tone: Tone): boolean {
  if (typeof AudioContext === "undefined") return false;
  try {
    context ??= new AudioContext();
    if (context.state !== "running") {
      void context.resume().catch(() => undefined);
      return false;
    }
    const start = context.currentTime;
    NOTES[tone].forEach((frequency, i) => {
      if (!context) return;
      const at = start + i * NOTE_SECONDS;
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = "sine";
      oscillator.frequency.value = frequency;
      // A quick fade in and out avoids clicks at the note edges.
      gain.gain.setValueAtTime(0, at);
      gain.gain.linearRampToValueAtTime(VOLUME, at + 0.01);
      gain.gain.linearRampToValueAtTime(0, at + NOTE_SECONDS);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(at);
      oscillator.stop(at + NOTE_SECONDS);
    });
    return true;
  } catch {
    // Audio devices can be missing (servers, locked-down desktops): the toast still shows.
    return false;
  }
}
