// A photo from the camera (the phone's own camera app through capture), watermarked on the device at once:
// time, address, rep and outlet code, with the last fix as its position.
import { useState } from 'react';
import { newClientId } from './clientIds';
import type { Fix, QueuedPhoto } from './types';
import { watermarkPhoto } from './watermark';

export interface PhotoContext {
  repName: string;
  customerCode: string;
  address: string | null;
  fix: Fix | null;
}

const pad = (value: number) => String(value).padStart(2, '0');
function localTime(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

export async function queuedPhotoOf(file: Blob, kind: string, context: PhotoContext): Promise<QueuedPhoto> {
  const now = new Date();
  const lines = [
    localTime(now),
    context.address ?? '地址未知',
    `${context.repName} · ${context.customerCode}`,
    ...(context.fix
      ? [`${context.fix.lng.toFixed(6)}, ${context.fix.lat.toFixed(6)} ±${context.fix.accuracyM}米`]
      : []),
  ];
  return {
    clientId: newClientId(),
    kind,
    dataUrl: await watermarkPhoto(file, lines),
    capturedAt: now.toISOString(),
    lng: context.fix?.lng ?? null,
    lat: context.fix?.lat ?? null,
    accuracy: context.fix?.accuracyM ?? null,
    address: context.address,
    watermarkText: lines.join(' | '),
  };
}

export function PhotoInput({
  label,
  kind,
  context,
  photo,
  onChange,
}: {
  label: string;
  kind: string;
  context: PhotoContext;
  photo: QueuedPhoto | null;
  onChange: (photo: QueuedPhoto | null) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="wb-photo">
      <label className="wb-button wb-button-ghost">
        {busy ? '处理中…' : photo ? `重拍${label}` : `拍摄${label}`}
        <input
          type="file"
          accept="image/*"
          capture="environment"
          aria-label={label}
          hidden
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            setBusy(true);
            setError(null);
            queuedPhotoOf(file, kind, context)
              .then(onChange, (failure: Error) => setError(failure.message))
              .finally(() => setBusy(false));
          }}
        />
      </label>
      {photo && <img className="wb-thumb" src={photo.dataUrl} alt={`${label}预览`} />}
      {error && <div className="wb-error">{error}</div>}
    </div>
  );
}
