/**
 * Runs `f` once the browser has drawn the next frame (a task after it), so work that can wait a
 * frame stays out of the frame an input is waiting for: its next paint (issue 27, "Ready fast").
 * Where nothing is drawn (no animation frames), in the next task.
 */
export const afterNextPaint = (f: () => void): void => {
  if (typeof requestAnimationFrame !== "function") {
    setTimeout(f, 0);
    return;
  }
  requestAnimationFrame(() => setTimeout(f, 0));
};

/** `afterNextPaint` as a promise. */
export const nextPaint = (): Promise<void> => new Promise((resolve) => afterNextPaint(resolve));
