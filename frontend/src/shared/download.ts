/** Hands a file made or fetched in the page to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the click starts the download asynchronously.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
