/**
 * How long the built-in games' pages show a round before its result (the page's machine,
 * src/machines/builtin-round.machine.ts, waits these on its clock). Milliseconds.
 */
export const builtinTiming = {
  /** Slot: the reels spin this long before the first one stops. */
  slotSpinMs: 350,
  /** Slot: then the reels stop one after the other, this far apart. */
  slotReelStopMs: 140,
  /** Dice: the number rolls this long before it settles. */
  diceRollMs: 450,
  /** Crash: the multiplier moves on screen once per frame. */
  crashFrameMs: 50,
  /** Crash: the longest flight, however high the multiplier goes. */
  crashMaxFlightMs: 2500,
} as const;

/**
 * Crash: how long the flight from 1.00x to `end` (hundredths) takes on screen; exponential
 * growth, 0 when it crashes at 1.00x.
 */
export function crashFlightMs(end: number): number {
  if (end <= 100) return 0;
  return Math.round(Math.min(builtinTiming.crashMaxFlightMs, 600 + Math.log(end / 100) * 900));
}

/** Crash: the multiplier (hundredths) shown `elapsedMs` into a flight to `end`. */
export function crashMultiplierAt(end: number, elapsedMs: number): number {
  const duration = crashFlightMs(end);
  if (duration === 0 || elapsedMs >= duration) return Math.max(100, end);
  return Math.min(end, Math.floor(100 * Math.pow(end / 100, elapsedMs / duration)));
}
