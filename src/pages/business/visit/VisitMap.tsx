// 拜访详情's map (Leaflet): the outlet's pin with the rule's radius ring, the check-in (and check-out) pin, and the
// rep's day — every check-in and check-out of that day in time order as a line. Tiles come from the server's
// MAP_TILE_URL; without one the same pins, ring and line render on a plain background. Coordinates are drawn as
// stored (GCJ-02, like Chinese tile servers such as AMap's).
import { useEffect, useState } from 'react';
import { Circle, CircleMarker, MapContainer, Polyline, TileLayer, Tooltip } from 'react-leaflet';
import type { LatLngExpression, LatLngBoundsExpression } from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { mapConfig, type VisitDetail } from '../../../api/visits';
import './visitMap.css';

let tileUrlOnce: Promise<string | null> | null = null;
function useTileUrl(): string | null | undefined {
  const [url, setUrl] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    tileUrlOnce ??= mapConfig().then(
      (answer) => (answer.success ? answer.result.tileUrl : null),
      () => null,
    );
    let current = true;
    void tileUrlOnce.then((value) => current && setUrl(value));
    return () => {
      current = false;
    };
  }, []);
  return url;
}

export default function VisitMap({ detail }: { detail: VisitDetail }) {
  const tileUrl = useTileUrl();
  if (tileUrl === undefined) return <div className="visit-map visit-map-plain" />;
  const outlet: LatLngExpression | null =
    detail.outletLat !== null && detail.outletLng !== null ? [detail.outletLat, detail.outletLng] : null;
  const checkIn: LatLngExpression = [detail.checkInLat, detail.checkInLng];
  const checkOut: LatLngExpression | null =
    detail.checkOutLat !== null && detail.checkOutLng !== null
      ? [detail.checkOutLat, detail.checkOutLng]
      : null;
  const track = detail.trajectory.map((point): [number, number] => [point.lat, point.lng]);
  const points = [...track, checkIn, ...(outlet ? [outlet] : []), ...(checkOut ? [checkOut] : [])] as Array<
    [number, number]
  >;
  // The radius ring is in view too: a degree of latitude is about 111 km.
  const pad = (detail.rule.checkInRadiusM * 1.3) / 111_000;
  const lats = points.map(([lat]) => lat);
  const lngs = points.map(([, lng]) => lng);
  const bounds: LatLngBoundsExpression = [
    [Math.min(...lats) - pad, Math.min(...lngs) - pad],
    [Math.max(...lats) + pad, Math.max(...lngs) + pad],
  ];
  return (
    <div className={`visit-map${tileUrl ? '' : ' visit-map-plain'}`} role="region" aria-label="拜访地图">
      <MapContainer
        bounds={bounds}
        scrollWheelZoom={false}
        style={{ height: '100%' }}
        attributionControl={false}
      >
        {tileUrl && <TileLayer url={tileUrl} />}
        {track.length > 1 && (
          <Polyline positions={track} pathOptions={{ color: '#722ed1', weight: 3, dashArray: '6 6' }}>
            <Tooltip sticky>当日轨迹（{detail.trajectory.length} 个定位点）</Tooltip>
          </Polyline>
        )}
        {detail.trajectory.map((point, index) => (
          <CircleMarker
            key={`${point.visitId}-${point.kind}`}
            center={[point.lat, point.lng]}
            radius={4}
            pathOptions={{ color: '#722ed1', fillOpacity: 0.8 }}
          >
            <Tooltip>
              {index + 1}. {point.customerName} {point.kind === 'CHECK_IN' ? '签到' : '签退'} {point.at}
            </Tooltip>
          </CircleMarker>
        ))}
        {outlet && (
          <>
            <Circle
              center={outlet}
              radius={detail.rule.checkInRadiusM}
              pathOptions={{ color: '#1677ff', fillOpacity: 0.08 }}
            />
            <CircleMarker center={outlet} radius={8} pathOptions={{ color: '#1677ff', fillOpacity: 1 }}>
              <Tooltip permanent direction="top">
                门店
              </Tooltip>
            </CircleMarker>
          </>
        )}
        <CircleMarker
          center={checkIn}
          radius={7}
          pathOptions={{ color: detail.checkInInRange ? '#52c41a' : '#f5222d', fillOpacity: 1 }}
        >
          <Tooltip permanent direction="bottom">
            签到 {detail.checkInDistanceM} 米
          </Tooltip>
        </CircleMarker>
        {checkOut && (
          <CircleMarker center={checkOut} radius={5} pathOptions={{ color: '#faad14', fillOpacity: 1 }}>
            <Tooltip>签退</Tooltip>
          </CircleMarker>
        )}
      </MapContainer>
    </div>
  );
}
