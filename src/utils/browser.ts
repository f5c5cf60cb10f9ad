// Browser side effects behind plain functions, so sagas can `call` them and tests can replace them.

export function reloadPage(): void {
  window.location.reload();
}

/** Saves a blob as a file: an object URL behind a temporary `<a download>`. */
export function saveBlobAs(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.style.display = 'none';
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
