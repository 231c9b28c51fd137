/**
 * The turn chime, synthesised with the Web Audio API (no sound file): two soft bell-like notes,
 * a fifth apart, about a third of a second in all.
 */

type AudioContextClass = typeof AudioContext;

let context: AudioContext | null = null;

function audioContextClass(): AudioContextClass | null {
  const w = window as unknown as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass };
  return w.AudioContext ?? w.webkitAudioContext ?? null;
}

/**
 * Browsers let a page make sound only after the person has interacted with it: the context is
 * made (or woken) on the first click, tap or key, so the chime can sound later on its own.
 */
export function unlockAudioOnFirstGesture(): void {
  const unlock = (): void => {
    const Context = audioContextClass();
    if (!Context) return;
    try {
      context ??= new Context();
      if (context.state === 'suspended') void context.resume();
    } catch {
      // No audio output (a server without sound, a locked-down browser): the chime stays silent.
    }
  };
  for (const type of ['pointerdown', 'keydown'] as const) window.addEventListener(type, unlock, { capture: true, passive: true });
}

/** Plays the chime; false when the page may not make sound yet (no gesture so far) or has no audio. */
export function playChime(): boolean {
  if (!context || context.state !== 'running') return false;
  const start = context.currentTime + 0.01;
  const notes: ReadonlyArray<readonly [frequency: number, at: number]> = [
    [784, 0],
    [1175, 0.12],
  ];
  for (const [frequency, at] of notes) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'triangle';
    oscillator.frequency.value = frequency;
    // A quick attack and an exponential fade: a bell, not a beep.
    gain.gain.setValueAtTime(0.0001, start + at);
    gain.gain.exponentialRampToValueAtTime(0.18, start + at + 0.015);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + at + 0.22);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start + at);
    oscillator.stop(start + at + 0.25);
  }
  return true;
}
