/**
 * A clock for a test server's `now` that runs in real time (timeouts stay real) from `moment` on, or from now
 * when no moment is given, and that the test can move: to another moment, or ahead by some milliseconds.
 */
export function movableClock(moment?: string) {
  let shift = moment === undefined ? 0 : Date.parse(moment) - Date.now();
  return {
    now: () => new Date(Date.now() + shift),
    moveTo(next: string) {
      shift = Date.parse(next) - Date.now();
    },
    forward(ms: number) {
      shift += ms;
    },
  };
}
