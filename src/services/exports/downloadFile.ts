import { Effect } from "effect";

/** How long the object URL of a download lives (the browser has started the download by then). */
export const revokeAfterMs = 1_000;

/**
 * Saves a file made on the device: an invisible link to an object URL is clicked, then
 * removed; the URL is revoked shortly after.
 */
export const downloadFile = (blob: Blob, fileName: string): Effect.Effect<void> =>
  Effect.sync(() => {
    const url = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = url;
    link.download = fileName;
    link.rel = "noopener";
    link.style.display = "none";
    document.body.append(link);
    try {
      link.click();
    } finally {
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), revokeAfterMs);
    }
  });
