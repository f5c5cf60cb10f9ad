import ExcelJS from 'exceljs';
import sharp from 'sharp';
import type { Attachment } from '../../common/attachments';
import type { Page } from '../../common/contract';
import type { StoredImage } from '../../common/files';
import { demoUserId } from '../db/seed/ids';
import { seedDemoPhotos } from '../db/seed/photos';
import { testBackends } from './support/database';
import { FORBIDDEN, openBusinessTestbed, queryString, type BusinessTestbed } from './support/business';

interface Customer {
  id: string;
  customerCode: string;
  name: string;
  auditStatus: string;
  verifyStatus: string;
  status: string;
  servingDealerId: string | null;
  servingDealerName: string | null;
  labels: Array<{ id: string; name: string }>;
  ownerName: string | null;
  auditStatus_dictText: string;
}

// Around 广州 天河: 0.0002° of latitude ≈ 22 m.
const SPOT = { lng: 113.3245, lat: 23.1372 };

const outlet = (overrides: Record<string, unknown> = {}) => ({
  name: '老王便利店',
  customerType: 'OUTLET',
  channel: 'TT',
  outletType: '便利店',
  level: 'B',
  provinceCode: '440000',
  cityCode: '440100',
  districtCode: '440106',
  address: '天河路 1 号',
  ...SPOT,
  poiName: '老王便利店(天河路店)',
  poiLng: SPOT.lng + 0.0003,
  poiLat: SPOT.lat,
  contactMobile: '13712345678',
  orgCode: 'A01A02A01',
  ...overrides,
});

describe.each(testBackends())('customers on %s', (backend) => {
  let bed: BusinessTestbed;
  let dealerId: string;
  let outletId: string;

  const add = async (body: Record<string, unknown>, caller: 'admin' | 'zhangwei' = 'admin') => {
    const { body: answer } = await bed.post<{ id: string; customerCode: string }>(
      caller,
      '/eCustomer/add',
      body,
    );
    if (!answer.success) throw new Error(answer.message);
    return answer.result;
  };
  const byId = (id: string, caller: 'admin' | 'zhangwei' | 't2admin' = 'admin') =>
    bed.get<Customer>(caller, `/eCustomer/queryById?id=${id}`);

  beforeAll(async () => {
    bed = await openBusinessTestbed(backend, { imageUrlHosts: ['img.example.com'] });
    dealerId = (
      await add({
        name: '广州测试鸿运商贸有限公司',
        customerType: 'DEALER',
        cityCode: '440100',
        orgCode: 'A01A02A01',
        partnerStage: 'SIGNED',
      })
    ).id;
    outletId = (await add(outlet())).id;
  });
  afterAll(() => bed.close());

  describe('create, list and data scope', () => {
    it('gives codes, starts an outlet PENDING and a dealer APPROVED, and makes the creator the owner', async () => {
      const created = await byId(outletId);
      expect(created.body.result).toMatchObject({
        customerCode: expect.stringMatching(/^S\d{7}$/),
        auditStatus: 'PENDING',
        auditStatus_dictText: '待审核',
        verifyStatus: 'UNVERIFIED',
        status: 'ACTIVE',
        ownerName: '管理员',
      });
      expect((await byId(dealerId)).body.result).toMatchObject({
        customerCode: expect.stringMatching(/^D\d{4}$/),
        auditStatus: 'APPROVED',
      });
      const team = await bed.get<Array<{ role: string; realname: string }>>(
        'admin',
        `/eCustomer/queryTeamList?customerId=${outletId}`,
      );
      expect(team.body.result).toEqual([expect.objectContaining({ role: 'OWNER', realname: '管理员' })]);
    });

    it('takes null for a cleared choice (level, visit cycle, terms), refuses a code outside the list', async () => {
      const cleared = await bed.post(
        'admin',
        '/eCustomer/add',
        outlet({
          name: '清空选择便利店',
          level: null,
          visitCycle: null,
          deliveryMode: null,
          settlementMethod: null,
        }),
      );
      expect(cleared.body).toMatchObject({ success: true });
      expect((await byId((cleared.body.result as { id: string }).id)).body.result).toMatchObject({
        level: null,
      });
      const wrong = await bed.post('admin', '/eCustomer/add', outlet({ level: 'Z' }));
      expect(wrong).toMatchObject({ status: 400, body: { message: '参数 level 应为 A、B、C、D 之一' } });
    });

    it('refuses bad input with the field named, and an owner of another tenant', async () => {
      const badMobile = await bed.post('admin', '/eCustomer/add', outlet({ contactMobile: '12345' }));
      expect(badMobile).toMatchObject({ status: 400, body: { message: '参数 contactMobile 格式不正确' } });
      const halfPoint = await bed.post('admin', '/eCustomer/add', outlet({ lat: null }));
      expect(halfPoint.body).toMatchObject({ success: false, message: '经度和纬度须同时填写' });
      const foreignOwner = await bed.post(
        'admin',
        '/eCustomer/add',
        outlet({ ownerUserId: demoUserId('t2admin') }),
      );
      expect(foreignOwner.body).toMatchObject({
        success: false,
        code: 404,
        message: '负责业务员不存在或无权访问',
      });
    });

    it('lists with filters, keyword and sorting', async () => {
      const { body } = await bed.get<Page<Customer>>(
        'admin',
        `/eCustomer/list${queryString({ customerType: 'OUTLET', auditStatus: 'PENDING', keyword: '老王', column: 'name', order: 'asc' })}`,
      );
      expect(body.result.records.map((record) => record.id)).toContain(outletId);
      const unknown = await bed.get('admin', '/eCustomer/list?auditStatus=MAYBE');
      expect(unknown).toMatchObject({ status: 400 });
    });

    it('shows zhangwei the customers of his offices only', async () => {
      const atHeadOffice = await add(outlet({ name: '总部直营店', orgCode: 'A01', lng: 116.4, lat: 39.9 }));
      const list = await bed.get<Page<Customer>>('zhangwei', '/eCustomer/list?pageSize=200');
      const ids = list.body.result.records.map((record) => record.id);
      expect(ids).toContain(outletId);
      expect(ids).not.toContain(atHeadOffice.id);
      expect((await byId(atHeadOffice.id, 'zhangwei')).body).toMatchObject({ success: false, code: 404 });
      const outside = await bed.post('zhangwei', '/eCustomer/add', outlet({ orgCode: 'A02' }));
      expect(outside.body).toMatchObject({ success: false, message: '所选部门不在您的数据权限范围内' });
      const edit = await bed.put('zhangwei', '/eCustomer/edit', {
        ...outlet({ orgCode: 'A01' }),
        id: atHeadOffice.id,
      });
      expect(edit.body).toMatchObject({ success: false, code: 404 });
    });

    it('hides customers from other tenants and from callers without the permission', async () => {
      expect((await byId(outletId, 't2admin')).body).toMatchObject({
        success: false,
        code: 404,
        message: '客户不存在或无权访问',
      });
      const list = await bed.get<Page<Customer>>('t2admin', '/eCustomer/list');
      expect(list.body.result.records.map((record) => record.id)).not.toContain(outletId);
      expect(await bed.get('wangfang', '/eCustomer/list')).toMatchObject(FORBIDDEN);
      expect(
        await bed.post('wangfang', '/eCustomer/audit', { id: outletId, action: 'APPROVE' }),
      ).toMatchObject(FORBIDDEN);
      // zhangwei may list and edit but not audit.
      expect(
        await bed.post('zhangwei', '/eCustomer/audit', { id: outletId, action: 'APPROVE' }),
      ).toMatchObject(FORBIDDEN);
    });
  });

  describe('audit by map POI and verification', () => {
    let lookAlikeId: string;

    it('finds a look-alike next door, by distance and name similarity', async () => {
      lookAlikeId = (await add(outlet({ name: '老王超市', lat: SPOT.lat + 0.0002, contactMobile: null }))).id;
      const { body } = await bed.get<{
        nearby: Array<{ id: string; distanceM: number; similarity: number; likelyDuplicate: boolean }>;
        poiDistanceM: number;
        autoPass: boolean;
        reasons: string[];
      }>('admin', `/eCustomer/custAuditByMapPoi?id=${lookAlikeId}&radius=100`);
      expect(body.result.nearby[0]).toMatchObject({ id: outletId, similarity: 1, likelyDuplicate: true });
      expect(body.result.nearby[0].distanceM).toBeGreaterThan(15);
      expect(body.result.nearby[0].distanceM).toBeLessThan(30);
      expect(body.result.autoPass).toBe(false);
      expect(body.result.reasons[0]).toContain('疑似重复：老王便利店');
    });

    it('marks look-alikes SUSPECT in a system verification', async () => {
      const { body } = await bed.post<{
        checked: number;
        suspects: Array<{ id: string; reasons: string[] }>;
      }>('admin', '/eCustomer/systemCustVerifyBatch', { ids: [outletId, lookAlikeId, dealerId] });
      expect(body.result.checked).toBe(2);
      expect(body.result.suspects.map((suspect) => suspect.id).sort()).toEqual(
        [outletId, lookAlikeId].sort(),
      );
      expect((await byId(lookAlikeId)).body.result.verifyStatus).toBe('SUSPECT');
      // Another tenant naming these outlets is refused, not answered "0 checked".
      const foreign = await bed.post('t2admin', '/eCustomer/systemCustVerifyBatch', { ids: [outletId] });
      expect(foreign.body).toMatchObject({ success: false, code: 404, message: '客户不存在或无权访问' });
    });

    it('approves once, refuses a second approval and a rejection without reason', async () => {
      const approved = await bed.post('admin', '/eCustomer/audit', { id: outletId, action: 'APPROVE' });
      expect(approved.body).toMatchObject({ success: true, result: { auditStatus: 'APPROVED' } });
      const again = await bed.post('admin', '/eCustomer/audit', { id: outletId, action: 'APPROVE' });
      expect(again.body).toMatchObject({
        success: false,
        code: 409,
        message: '当前状态为「已通过」，不能审核通过',
      });
      const noReason = await bed.post('admin', '/eCustomer/audit', { id: lookAlikeId, action: 'REJECT' });
      expect(noReason.body).toMatchObject({ success: false, message: '驳回须填写原因' });
    });

    it('lets one of two simultaneous audits win', async () => {
      const [first, second] = await Promise.all([
        bed.post('admin', '/eCustomer/audit', { id: lookAlikeId, action: 'REJECT', reason: '重复门店' }),
        bed.post('admin', '/eCustomer/audit', { id: lookAlikeId, action: 'APPROVE' }),
      ]);
      expect([first.body.success, second.body.success].filter(Boolean)).toHaveLength(1);
      expect([first, second].find((answer) => !answer.body.success)?.body.code).toBe(409);
    });

    it('settles a suspect as fake, which closes it, and refuses FAKE from UNVERIFIED', async () => {
      const fake = await bed.put('admin', '/eCustomer/changeVerifyStatus', {
        ids: [lookAlikeId],
        verifyStatus: 'FAKE',
        reason: '现场无此店',
      });
      expect(fake.body.success).toBe(true);
      expect((await byId(lookAlikeId)).body.result).toMatchObject({ verifyStatus: 'FAKE', status: 'CLOSED' });
      const reopen = await bed.put('admin', '/eCustomer/changeStatus', { id: lookAlikeId, status: 'ACTIVE' });
      expect(reopen.body).toMatchObject({ success: false, message: '虚假门店不能恢复经营' });
      const fresh = await add(outlet({ name: '阳光校园店', lng: 120.1, lat: 30.2 }));
      const refused = await bed.put('admin', '/eCustomer/changeVerifyStatus', {
        ids: [fresh.id],
        verifyStatus: 'FAKE',
      });
      expect(refused.body).toMatchObject({
        success: false,
        code: 409,
        message: '当前状态为「未核实」，不能认定为虚假门店',
      });
    });
  });

  describe('trading status, links, team and photos', () => {
    it('freezes and unfreezes, refuses closing a frozen outlet and closing one with freezers', async () => {
      expect(
        (await bed.put('admin', '/eCustomer/changeStatus', { id: outletId, status: 'FROZEN' })).body.success,
      ).toBe(true);
      const close = await bed.put('admin', '/eCustomer/changeStatus', { id: outletId, status: 'CLOSED' });
      expect(close.body).toMatchObject({ success: false, message: '当前状态为「冻结」，不能关店' });
      expect(
        (await bed.put('admin', '/eCustomer/changeStatus', { id: outletId, status: 'ACTIVE' })).body.success,
      ).toBe(true);
      await bed.testDatabase.database.db
        .updateTable('customers')
        .set({ freezer_count: 2 })
        .where('id', '=', outletId)
        .execute();
      const withFreezers = await bed.put('admin', '/eCustomer/changeStatus', {
        id: outletId,
        status: 'CLOSED',
      });
      expect(withFreezers.body).toMatchObject({
        success: false,
        message: '门店还有 2 台冰柜，请先撤机再关店',
      });
    });

    it('links outlets to a dealer, refuses an outlet as supplier, and offers the dealer in the DDL lists', async () => {
      const linked = await bed.put('admin', '/eCustomer/link', { customerId: outletId, dealerId });
      expect(linked.body).toMatchObject({ success: true, result: { linked: 1 } });
      expect((await byId(outletId)).body.result).toMatchObject({
        servingDealerName: '广州测试鸿运商贸有限公司',
      });
      const other = await add(outlet({ name: '好运来食杂店', lng: 113.4, lat: 23.2 }));
      const batch = await bed.put('admin', '/eCustomer/linkBatch', {
        customerIds: [outletId, other.id],
        dealerId,
      });
      expect(batch.body.result).toEqual({ linked: 2 });
      const wrong = await bed.put('admin', '/eCustomer/link', { customerId: other.id, dealerId: outletId });
      expect(wrong.body).toMatchObject({
        success: false,
        message: '老王便利店 是终端门店，不能作为供货经销商',
      });
      const options = await bed.get<Array<{ id: string }>>('admin', '/eCustomer/getDDLList?keyword=测试鸿运');
      expect(options.body.result.map((option) => option.id)).toEqual([dealerId]);
      const paged = await bed.get<Page<{ id: string }>>('admin', '/eCustomer/getDDLListV2?cityCode=440100');
      expect(paged.body.result.records.map((record) => record.id)).toContain(dealerId);
      const byDealer = await bed.get<Page<{ id: string }>>(
        'admin',
        `/eCustomer/list?servingDealerId=${dealerId}`,
      );
      expect(byDealer.body.result.total).toBe(2);
    });

    it('keeps the team: an assistant joins, a new owner replaces the old one', async () => {
      const assist = await bed.post<{ id: string }>('admin', '/eCustomer/team/add', {
        customerId: outletId,
        userId: demoUserId('zhangwei'),
        role: 'ASSIST',
      });
      expect(assist.body.success).toBe(true);
      const newOwner = await bed.post('admin', '/eCustomer/team/add', {
        customerId: outletId,
        userId: demoUserId('liuyang'),
        role: 'OWNER',
      });
      expect(newOwner.body.success).toBe(true);
      const team = await bed.get<Array<{ role: string; realname: string }>>(
        'admin',
        `/eCustomer/queryTeamList?customerId=${outletId}`,
      );
      expect(team.body.result.map((member) => `${member.role}:${member.realname}`).sort()).toEqual(
        ['ASSIST:张伟', 'OWNER:刘洋'].sort(),
      );
      const history = await bed.get<unknown[]>(
        'admin',
        `/eCustomer/queryTeamList?customerId=${outletId}&includeHistory=true`,
      );
      expect(history.body.result).toHaveLength(3);
      expect(
        (await bed.put('admin', '/eCustomer/team/end', { id: assist.body.result.id })).body.success,
      ).toBe(true);
      const again = await bed.put('admin', '/eCustomer/team/end', { id: assist.body.result.id });
      expect(again.body).toMatchObject({ success: false, message: '该成员已移出团队' });
    });

    it('shows the photos in the slideshow, kept only from uploads or an allowed https host', async () => {
      const photo = (url: string) =>
        bed.post('admin', '/eCustomer/photo/add', { customerId: outletId, kind: 'DOOR', url });
      expect((await photo('https://img.example.com/door-1.jpg')).body).toMatchObject({ success: true });
      for (const url of [
        'javascript:1',
        '//evil.example/x.png',
        '/\\evil.example/x.png',
        'https://evil.example/x.png',
        'http://img.example.com/x.png',
        'https://user@img.example.com/x.png',
        '/demo/door-1.jpg',
        '/sys/file/view/../../x.png',
      ]) {
        expect([url, (await photo(url)).body]).toEqual([
          url,
          expect.objectContaining({
            success: false,
            code: 400,
            message: '图片地址无效：请上传图片，或使用允许的 https 图片地址',
          }),
        ]);
      }
      const { body } = await bed.get<Array<{ url: string; kind_dictText: string }>>(
        'admin',
        `/eCustomer/slideshow?id=${outletId}`,
      );
      expect(body.result).toEqual([
        expect.objectContaining({ url: 'https://img.example.com/door-1.jpg', kind_dictText: '门头照' }),
      ]);
      expect((await bed.get('t2admin', `/eCustomer/slideshow?id=${outletId}`)).body).toMatchObject({
        code: 404,
      });
    });

    it('keeps an uploaded photo with its thumbnail, and refuses an image of another tenant', async () => {
      const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c33' } })
        .png()
        .toBuffer();
      const bytes = png.buffer.slice(png.byteOffset, png.byteOffset + png.byteLength) as ArrayBuffer;
      const upload = async (caller: 'admin' | 't2admin') =>
        (await bed.upload<StoredImage>(caller, '/sys/file/uploadImage', '门头.png', bytes)).body.result;
      const own = await upload('admin');
      const added = await bed.post('admin', '/eCustomer/photo/add', {
        customerId: outletId,
        kind: 'DISPLAY',
        url: own.url,
        title: '货架陈列',
      });
      expect(added.body).toMatchObject({ success: true });
      const { body } = await bed.get<Array<{ url: string; thumbUrl: string }>>(
        'admin',
        `/eCustomer/slideshow?id=${outletId}`,
      );
      expect(body.result).toContainEqual(
        expect.objectContaining({ url: own.url, thumbUrl: `/sys/file/thumbnail/${own.id}` }),
      );
      const foreign = await upload('t2admin');
      const refused = await bed.post('admin', '/eCustomer/photo/add', {
        customerId: outletId,
        kind: 'DOOR',
        url: foreign.url,
      });
      expect(refused.body).toMatchObject({ success: false, code: 404 });
    });

    it('keeps a photo taken through the attachment service with its facts, only on its own customer', async () => {
      const jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#3a7' } })
        .jpeg()
        .toBuffer();
      const bytes = jpeg.buffer.slice(jpeg.byteOffset, jpeg.byteOffset + jpeg.byteLength) as ArrayBuffer;
      const take = async (bizId: string) =>
        (
          await bed.upload<Attachment>('admin', '/sys/attachment/upload', '门头.jpg', bytes, {
            bizType: 'CUSTOMER',
            bizId,
            kind: 'DOOR',
            capturedAt: '2026-11-20T09:30:00+08:00',
            lat: '23.129',
            lng: '113.264',
            address: '广州市天河区体育西路1号',
            source: 'CAMERA',
            watermarkText: '2026-11-20 09:30 门头',
          })
        ).body.result;
      const door = await take(outletId);
      const added = await bed.post('admin', '/eCustomer/photo/add', {
        customerId: outletId,
        kind: 'DOOR',
        url: door.url,
      });
      expect(added.body).toMatchObject({ success: true });
      const { body } = await bed.get<Array<{ url: string; thumbUrl: string; attachment: Attachment }>>(
        'admin',
        `/eCustomer/slideshow?id=${outletId}`,
      );
      expect(body.result).toContainEqual(
        expect.objectContaining({
          url: door.url,
          thumbUrl: door.thumbUrl,
          capturedAt: '2026-11-20 09:30:00',
          attachment: expect.objectContaining({
            id: door.id,
            address: '广州市天河区体育西路1号',
            source: 'CAMERA',
            watermarkText: '2026-11-20 09:30 门头',
          }),
        }),
      );
      // The same picture again, now on the dealer: flagged, and not to be kept on the outlet.
      const again = await take(dealerId);
      expect(again.duplicate).toMatchObject({ kind: 'EXACT', attachmentId: door.id });
      const refused = await bed.post('admin', '/eCustomer/photo/add', {
        customerId: outletId,
        kind: 'DOOR',
        url: again.url,
      });
      expect(refused.body).toMatchObject({ success: false, code: 404 });
      const audit = await bed.get<{ photos: Array<{ url: string; attachment: Attachment | null }> }>(
        'admin',
        `/eCustomer/custAuditByMapPoi?id=${outletId}`,
      );
      expect(audit.body.result.photos).toContainEqual(
        expect.objectContaining({ url: door.url, attachment: expect.objectContaining({ id: door.id }) }),
      );
    });

    it('lists potential partners: dealers not signed yet', async () => {
      const potential = await add({
        name: '佛山瑞丰食品贸易有限公司',
        customerType: 'DEALER',
        partnerStage: 'POTENTIAL',
      });
      const { body } = await bed.get<Page<{ id: string; partnerStage_dictText: string }>>(
        'admin',
        '/dealers/potentiallist',
      );
      expect(body.result.records.map((record) => record.id)).toContain(potential.id);
      expect(body.result.records.map((record) => record.id)).not.toContain(dealerId);
    });
  });

  describe('labels', () => {
    it('tags by hand, filters by label, and untags', async () => {
      const label = await bed.post<{ id: string }>('admin', '/eCustLabel/add', {
        code: 'T-HV',
        name: '测试高价值',
        labelType: 'MANUAL',
        color: 'gold',
      });
      const labelId = label.body.result.id;
      expect(
        (await bed.post('admin', '/eCustLabel/tag', { labelId, customerIds: [outletId] })).body.success,
      ).toBe(true);
      const tagged = await bed.get<Page<Customer>>('admin', `/eCustomer/list?labelIds=${labelId}`);
      expect(tagged.body.result.records.map((record) => record.id)).toEqual([outletId]);
      expect(tagged.body.result.records[0].labels).toEqual([expect.objectContaining({ name: '测试高价值' })]);
      await bed.post('admin', '/eCustLabel/untag', { labelId, customerIds: [outletId] });
      expect(
        (await bed.get<Page<Customer>>('admin', `/eCustomer/list?labelIds=${labelId}`)).body.result.total,
      ).toBe(0);
      const foreign = await bed.post('t2admin', '/eCustLabel/tag', { labelId, customerIds: [outletId] });
      expect(foreign.body).toMatchObject({ success: false, code: 404 });
    });

    it('edits a label but not its type, refuses a taken code, and finds no label of another tenant', async () => {
      const label = { code: 'T-ED', name: '测试编辑', labelType: 'MANUAL', color: 'blue' };
      const added = await bed.post<{ id: string }>('admin', '/eCustLabel/add', label);
      const id = added.body.result.id;
      const renamed = await bed.put('admin', '/eCustLabel/edit', { ...label, id, name: '测试改名' });
      expect(renamed.body).toMatchObject({ success: true, message: '编辑成功！' });
      const retyped = await bed.put('admin', '/eCustLabel/edit', {
        ...label,
        id,
        labelType: 'RULE',
        rule: { conditions: [{ field: 'cityCode', op: 'eq', value: '440100' }] },
      });
      expect(retyped.body).toMatchObject({ success: false, code: 400, message: '标签类型不能修改' });
      const taken = await bed.post('admin', '/eCustLabel/add', { ...label, name: '重复' });
      expect(taken.body).toMatchObject({ success: false, code: 409, message: '标签编码 T-ED 已存在' });
      const foreign = await bed.put('t2admin', '/eCustLabel/edit', { ...label, id });
      expect(foreign.body).toMatchObject({ success: false, code: 404, message: '标签不存在或无权访问' });
      const logged = await bed.testDatabase.database.db
        .selectFrom('sys_log')
        .select('log_content')
        .where('log_content', 'like', '%客户标签 T-ED%')
        .orderBy('created_at')
        .execute();
      expect(logged.map((row) => row.log_content)).toEqual([
        '新增客户标签 T-ED 测试编辑',
        '编辑客户标签 T-ED 测试改名',
      ]);
    });

    it('computes rule labels, previews them, and refuses unknown rule fields', async () => {
      const rule = {
        conditions: [
          { field: 'cityCode', op: 'eq', value: '440100' },
          { field: 'customerType', op: 'in', value: ['OUTLET'] },
        ],
      };
      const preview = await bed.post<{ total: number }>('admin', '/eCustLabel/previewRule', { rule });
      expect(preview.body.result.total).toBeGreaterThanOrEqual(3);
      const created = await bed.post<{ id: string }>('admin', '/eCustLabel/add', {
        code: 'T-GZ',
        name: '广州门店',
        labelType: 'RULE',
        rule,
      });
      const refreshed = await bed.post<{ total: number }>('admin', '/eCustLabel/refresh', {
        id: created.body.result.id,
      });
      expect(refreshed.body.result.total).toBe(preview.body.result.total);
      // Its export says the rule in words, the region by name.
      const file = await bed.download(
        'admin',
        `/eCustLabel/exportXls?name=${encodeURIComponent('广州门店')}`,
      );
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(file.body);
      expect(book.worksheets[0]!.getRow(2).getCell(4).value).toBe(
        '规则：市 等于 广州市 且 客户类型 属于 终端门店',
      );
      const byHand = await bed.post('admin', '/eCustLabel/tag', {
        labelId: created.body.result.id,
        customerIds: [dealerId],
      });
      expect(byHand.body).toMatchObject({
        success: false,
        message: '规则标签由规则自动计算，不能手工打标签',
      });
      const injection = await bed.post('admin', '/eCustLabel/previewRule', {
        rule: { conditions: [{ field: 'tenant_id', op: 'eq', value: 'B01' }] },
      });
      expect(injection.body).toMatchObject({ success: false, message: '规则不支持字段 tenant_id' });
      const badOp = await bed.post('admin', '/eCustLabel/previewRule', {
        rule: { conditions: [{ field: 'level', op: 'gt', value: 'A' }] },
      });
      expect(badOp.body).toMatchObject({ success: false, message: '规则条件「等级」只能用等于或不等于' });
    });
  });

  describe('the demo door photos', () => {
    it('are attachments with their facts; the reused ones are marked as duplicates', async () => {
      const { db } = bed.testDatabase.database;
      const added = await seedDemoPhotos(db, bed.server.app.attachmentStorage);
      expect(added).toBe(12);
      const photos = await db
        .selectFrom('customer_photos')
        .innerJoin('customers', 'customers.id', 'customer_photos.customer_id')
        .select(['customer_photos.customer_id as customerId', 'customers.customer_code'])
        .where('customer_photos.title', '=', '门头照（拜访拍摄）')
        .orderBy('customers.customer_code')
        .execute();
      expect(photos).toHaveLength(12);
      const doorOf = async (customerId: string) => {
        const { body } = await bed.get<Array<{ title: string; attachment: Attachment | null }>>(
          'admin',
          `/eCustomer/slideshow?id=${customerId}`,
        );
        return body.result.find((photo) => photo.title === '门头照（拜访拍摄）')!.attachment!;
      };
      const first = await doorOf(photos[0].customerId);
      expect(first).toMatchObject({
        kind: 'DOOR',
        source: 'CAMERA',
        width: 960,
        height: 720,
        duplicate: null,
        watermarkText: expect.stringMatching(/ 2026-10-\d\d \d\d:\d\d /),
      });
      // Ten distinct doors; the eleventh is the second's file again, the twelfth the third's re-shot.
      const duplicates = await Promise.all(
        photos.map(async (photo) => (await doorOf(photo.customerId)).duplicate),
      );
      expect(duplicates.slice(0, 10)).toEqual(Array(10).fill(null));
      expect(duplicates[10]).toMatchObject({ kind: 'EXACT', bizId: photos[1].customerId });
      expect(duplicates[11]).toMatchObject({ kind: 'NEAR', bizId: photos[2].customerId });
    });
  });
});
