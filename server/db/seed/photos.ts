// Door photos of the demo taken through the attachment service (issue #16): the first outlets of 华饮 each get a
// door photo drawn for it (its name on the sign, its own colours and layout) with where, when and by whom it was
// taken; two outlets carry a photo another one had — one the very same file, one re-shot smaller — so the
// photo viewer's 疑似重复 mark shows on a fresh start. Needs the attachment storage, so the server's start runs it
// (not the tests' seed).
import sharp from 'sharp';
import type { Kysely } from 'kysely';
import { uploadAttachment } from '../../modules/attachments/service';
import type { AttachmentStorage } from '../../modules/attachments/storage';
import { newId } from '../ids';
import type { DB } from '../schema';
import { demoUserId } from './ids';

const TENANT = 'A01';
const OUTLETS = 12;
const SIGN_COLOURS = ['#c0392b', '#1f6fb2', '#218c4a', '#d35400', '#6c3483', '#b7950b'];
const WALL_COLOURS = ['#f7f3ea', '#e9edf2', '#f3e9e2', '#eaf2ea'];

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A door drawn for outlet `n`: the sign with its name, the door and the window placed by `n`. */
function doorSvg(name: string, n: number): string {
  const sign = SIGN_COLOURS[n % SIGN_COLOURS.length];
  const wall = WALL_COLOURS[(n >> 1) % WALL_COLOURS.length];
  const signTop = 30 + ((n * 5) % 4) * 25;
  const doorLeft = [70, 245, 420][n % 3];
  const windowLeft = doorLeft < 320 ? doorLeft + 180 : 70;
  const windowWidth = 140 + ((n * 3) % 4) * 20;
  // The street behind and the wall's tiles shaded by the outlet's own sequence: no two doors look alike.
  let state = 7919 * (n + 1);
  const shade = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return 120 + (state % 120);
  };
  const tiles = Array.from({ length: 72 }, (_unused, at) => {
    const grey = shade();
    return `<rect x="${(at % 9) * 72}" y="${Math.floor(at / 9) * 60}" width="72" height="60" fill="rgb(${grey},${grey},${grey})"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="720" viewBox="0 0 640 480">
  ${tiles}
  <rect x="30" y="${signTop}" width="580" height="${90 + (n % 4) * 10}" rx="6" fill="${sign}"/>
  <text x="320" y="${signTop + 62}" font-size="40" font-family="sans-serif" fill="#fff" text-anchor="middle">${escapeXml(name.slice(0, 12))}</text>
  <rect x="40" y="${signTop + 110}" width="560" height="${340 - signTop}" fill="${wall}" fill-opacity="0.35"/>
  <rect x="${doorLeft}" y="${signTop + 150}" width="150" height="${300 - signTop}" fill="#5d6d7e" stroke="#333" stroke-width="4"/>
  <rect x="${windowLeft}" y="${signTop + 150}" width="${windowWidth}" height="130" fill="#aed6f1" stroke="#333" stroke-width="4"/>
  <rect x="0" y="450" width="640" height="30" fill="#7f8c8d"/>
</svg>`;
}

export async function seedDemoPhotos(db: Kysely<DB>, storage: AttachmentStorage): Promise<number> {
  const outlets = await db
    .selectFrom('customers')
    .select(['id', 'name', 'address', 'lng', 'lat', 'owner_user_id'])
    .where('tenant_id', '=', TENANT)
    .where('customer_type', '=', 'OUTLET')
    .orderBy('customer_code')
    .limit(OUTLETS)
    .execute();
  const reps = await db
    .selectFrom('users')
    .select(['id', 'realname'])
    .where('tenant_id', '=', TENANT)
    .execute();
  const nameOf = new Map(reps.map((user) => [user.id, user.realname]));
  const taken: Buffer[] = [];
  for (const [n, outlet] of outlets.entries()) {
    let content: Buffer = await sharp(Buffer.from(doorSvg(outlet.name, n)))
      .jpeg({ quality: 85 })
      .toBuffer();
    // The last two reuse an earlier outlet's door photo: the same file, and the same picture re-shot smaller.
    if (n === outlets.length - 2 && taken[1]) content = taken[1];
    if (n === outlets.length - 1 && taken[2])
      content = await sharp(taken[2]).resize(800, 600).jpeg({ quality: 70 }).toBuffer();
    taken.push(content);
    const day = 1 + ((n * 7) % 25);
    const capturedAt = `2026-10-${String(day).padStart(2, '0')}T${String(9 + (n % 8)).padStart(2, '0')}:${String((n * 13) % 60).padStart(2, '0')}:00+08:00`;
    const rep = outlet.owner_user_id ?? demoUserId('admin');
    const attachment = await uploadAttachment(
      db,
      storage,
      { tenantId: TENANT, userId: rep },
      {
        fileName: `门头_${n + 1}.jpg`,
        content,
        facts: {
          bizType: 'CUSTOMER',
          bizId: outlet.id,
          kind: 'DOOR',
          capturedAt,
          lat: outlet.lat === null ? null : Number(outlet.lat),
          lng: outlet.lng === null ? null : Number(outlet.lng),
          accuracy: 8 + (n % 5) * 3,
          address: outlet.address,
          source: 'CAMERA',
          watermarkText: `${nameOf.get(rep) ?? '业务员'} ${capturedAt.slice(0, 10)} ${capturedAt.slice(11, 16)} ${outlet.name}`,
        },
      },
      {},
    );
    await db
      .insertInto('customer_photos')
      .values({
        id: newId(),
        tenant_id: TENANT,
        customer_id: outlet.id,
        kind: 'DOOR',
        url: attachment.url,
        title: '门头照（拜访拍摄）',
        sort: -1,
      })
      .execute();
  }
  return outlets.length;
}
