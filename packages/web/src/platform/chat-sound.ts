/**
 * The chat sound: a short two-note chime made with Web Audio, so no sound file ships. Browsers start audio only after
 * the user interacted with the page; before that the chime is silently skipped.
 */

// Two notes (Hz) and the length of each (s): short and soft enough for a busy office.
const NOTES = [880, 1320] as const;
const NOTE_SECONDS = 0.09;
const VOLUME = 0.08;

let context: AudioContext | null = null;

/** Plays the chat sound once; does nothing where Web Audio is missing or not yet allowed. */
export function playChatSound(): void {
  if (typeof AudioContext === "undefined") return;
  try {
    context ??= new AudioContext();
    if (context.state !== "running") {
      void context.resume().catch(() => undefined);
      return;
    }
    const start = context.currentTime;
    NOTES.forEach((frequency, i) => {
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
  } catch {
    // Audio devices can be missing (servers, locked-down desktops): the toast still shows.
  }
}
