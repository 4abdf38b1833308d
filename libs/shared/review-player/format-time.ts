/** Seconds as the player prints them: m:ss.s (one decimal, so a note's moment reads exactly). */
export function formatTime(sec: number): string {
  const s = Math.max(0, sec);
  return `${Math.floor(s / 60)}:${(s % 60).toFixed(1).padStart(4, '0')}`;
}
