/** Hands a downloaded file to the browser's own "save" (an object URL on a temporary link), then lets it go. */
export function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns: give them a moment before revoking it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
