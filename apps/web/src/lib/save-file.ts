/**
 * How long the object URL outlives the click: the browser may read the file after click() returns
 * (FileSaver.js waits 40 s too). It is only memory of this page, freed with it anyway.
 */
const REVOKE_AFTER_MS = 40_000;

/** Saves `file` as a download named `filename`, from memory: an object URL and an `<a download>`. */
export function saveFile(file: Blob, filename: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  }
}
