import { boundingBox, distanceMetres, nameSimilarity, normaliseName } from '../modules/customers/similarity';

describe('distances', () => {
  it('measures metres between points (haversine)', () => {
    const tianhe = { lng: 113.3245, lat: 23.1372 };
    expect(distanceMetres(tianhe, tianhe)).toBe(0);
    // 0.001° of latitude ≈ 111 m everywhere.
    expect(distanceMetres(tianhe, { ...tianhe, lat: tianhe.lat + 0.001 })).toBeCloseTo(111.2, 0);
    // Guangzhou to Shenzhen centres ≈ 104 km.
    const km = distanceMetres({ lng: 113.264, lat: 23.129 }, { lng: 114.058, lat: 22.543 }) / 1000;
    expect(km).toBeGreaterThan(100);
    expect(km).toBeLessThan(110);
  });

  it('draws a box that holds the whole circle', () => {
    const centre = { lng: 121.473, lat: 31.23 };
    const box = boundingBox(centre, 100);
    expect(distanceMetres(centre, { lng: box.maxLng, lat: centre.lat })).toBeCloseTo(100, 0);
    expect(distanceMetres(centre, { lng: centre.lng, lat: box.minLat })).toBeCloseTo(100, 0);
  });
});

describe('name similarity', () => {
  it('normalises width, case, punctuation, branch brackets and generic shop words', () => {
    expect(normaliseName('老王便利店（二分店）')).toBe('老王');
    expect(normaliseName('ＡＢＣ 超市')).toBe('abc');
    expect(normaliseName('广州鸿达商贸有限公司')).toBe('广州鸿达');
  });

  it('scores the same shop under another shop word as identical', () => {
    expect(nameSimilarity('老王便利店', '老王超市')).toBe(1);
    expect(nameSimilarity('鑫鑫烟酒商行', '鑫鑫烟酒店')).toBe(1);
  });

  it('scores near names high and different names low', () => {
    expect(nameSimilarity('惠民生活超市', '惠民超市')).toBeGreaterThanOrEqual(0.5);
    expect(nameSimilarity('老王便利店', '惠民便利店')).toBe(0);
    // One character apart: similar, and worth a look when they are also next door.
    expect(nameSimilarity('川味小厨', '湘味小厨')).toBeCloseTo(0.667, 2);
  });

  it('is symmetric and bounded', () => {
    const names = ['好运来食杂店', '好运来', '阳光校园店', '佳佳网咖', '兴隆批发部', ''];
    for (const a of names) {
      for (const b of names) {
        const score = nameSimilarity(a, b);
        expect(score).toBe(nameSimilarity(b, a));
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(1);
      }
    }
  });
});
