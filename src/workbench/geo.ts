// The device's position: the browser's geolocation gives WGS-84, the outlets are stored in GCJ-02 (Chinese
// maps and phones, DOMAIN §0), so a fix is converted before anything compares or sends it (gcoord leaves
// points outside China as they are).
import gcoord from 'gcoord';
import type { Fix } from './types';

export class LocationError extends Error {}

const MESSAGES: Record<number, string> = {
  1: '未获得定位权限，请在浏览器设置中允许定位后重试',
  2: '无法获取当前位置，请到开阔处重试',
  3: '定位超时，请到开阔处重试',
};

export function toGcj02(lng: number, lat: number): [number, number] {
  const [x, y] = gcoord.transform([lng, lat], gcoord.WGS84, gcoord.GCJ02);
  return [Math.round(x * 1e7) / 1e7, Math.round(y * 1e7) / 1e7];
}

/** One fresh high-accuracy fix, converted to GCJ-02. */
export function locate(): Promise<Fix> {
  return new Promise((resolve, reject) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      reject(new LocationError('此设备不支持定位'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      ({ coords, timestamp }) => {
        const [lng, lat] = toGcj02(coords.longitude, coords.latitude);
        resolve({ lng, lat, accuracyM: Math.round(coords.accuracy), at: new Date(timestamp).toISOString() });
      },
      (error) => reject(new LocationError(MESSAGES[error.code] ?? '无法获取当前位置')),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 10_000 },
    );
  });
}
