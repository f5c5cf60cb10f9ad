// Photos are watermarked on the device before upload (issue #17): the picture is drawn on a canvas, scaled to
// at most MAX_SIDE pixels, with a band at the bottom carrying the time, the address, the rep and the outlet
// code; the position travels with the upload as its facts (lat, lng, accuracy, capturedAt).
const MAX_SIDE = 1280;
const QUALITY = 0.82;

function loadImage(file: Blob): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      URL.revokeObjectURL(url);
      resolve(image);
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('无法读取照片'));
    };
    image.src = url;
  });
}

/** The picture as a JPEG data URL with the watermark lines drawn in. */
export async function watermarkPhoto(file: Blob, lines: readonly string[]): Promise<string> {
  const image = await loadImage(file);
  const scale = Math.min(1, MAX_SIDE / Math.max(image.naturalWidth, image.naturalHeight));
  const width = Math.max(1, Math.round(image.naturalWidth * scale));
  const height = Math.max(1, Math.round(image.naturalHeight * scale));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('无法处理照片');
  context.drawImage(image, 0, 0, width, height);
  const fontSize = Math.max(12, Math.round(Math.min(width, height) / 28));
  const lineHeight = Math.round(fontSize * 1.35);
  const band = lineHeight * lines.length + fontSize;
  context.fillStyle = 'rgba(0, 0, 0, 0.45)';
  context.fillRect(0, height - band, width, band);
  context.fillStyle = '#fff';
  context.font = `${fontSize}px sans-serif`;
  context.textBaseline = 'top';
  lines.forEach((line, index) =>
    context.fillText(line, fontSize / 2, height - band + fontSize / 2 + index * lineHeight, width - fontSize),
  );
  return canvas.toDataURL('image/jpeg', QUALITY);
}

export function dataUrlToBlob(dataUrl: string): Blob {
  const [head, body] = dataUrl.split(',', 2);
  const type = /data:([^;]+)/.exec(head)?.[1] ?? 'image/jpeg';
  const bytes = atob(body);
  const buffer = new Uint8Array(bytes.length);
  for (let index = 0; index < bytes.length; index += 1) buffer[index] = bytes.charCodeAt(index);
  return new Blob([buffer], { type });
}
