// The browser's download of an address or a Blob under a file name (a link clicked for the user).

/** Starts the browser's download of an address (or an object URL) under a file name. */
export function saveAs(href: string, name?: string): void {
  const a = document.createElement('a');
  a.href = href;
  if (name) a.download = name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}

/** A Blob downloaded under a name; its object URL is freed once the download has taken it. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  saveAs(url, name);
  // The click has handed the URL to the download; freeing it in the same task can cancel it in some engines.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
