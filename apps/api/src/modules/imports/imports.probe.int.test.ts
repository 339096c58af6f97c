import { createDeflateRaw, crc32 } from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, body, contextWithTwoOrgs, multipart, type TestContext, type TestOrg } from '../../test/harness.js';
import { sheetRows } from './imports.read.js';
import { zipEntriesWithin } from './imports.zip.js';

/* Hostile and careless import files: a zip bomb named .xlsx, a picture named .csv, a CSV from Windows Excel. */

let ctx: TestContext;
let a: TestOrg;

const upload = async (data: Buffer, name = 'patients.csv', type = 'text/csv') => {
  const form = await multipart([['kind', 'patients'], ['fileName', name]], [{ field: 'file', filename: name, type, data }]);
  return ctx.app.inject({ method: 'POST', url: '/api/imports', headers: { ...auth(a.token), 'content-type': form.contentType }, payload: form.payload });
};
const batches = async () => (await ctx.database.query<{ n: number }>('select count(*)::int as n from import_batches where company_id = $1', [a.companyId]))[0]!.n;

beforeAll(async () => {
  ({ ctx, a } = await contextWithTwoOrgs());
}, 120_000);
afterAll(() => ctx.close());

async function workbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Patients');
  ws.addRow(['Name', 'Phone', 'Date of birth', 'Gender']);
  ws.addRow(['Ali Hassan', '0501234567', '1990-01-01', 'male']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** `megabytes` of spaces, deflated (a few hundred bytes a megabyte), with their CRC. */
async function deflatedSpaces(megabytes: number) {
  const chunk = Buffer.alloc(1 << 20, 0x20);
  const deflate = createDeflateRaw({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (d: Buffer) => parts.push(d));
  let crc = 0;
  for (let i = 0; i < megabytes; i++) {
    crc = crc32(chunk, crc);
    if (!deflate.write(chunk)) await new Promise((r) => deflate.once('drain', r));
  }
  const ended = new Promise((r) => deflate.once('end', r));
  deflate.end();
  await ended;
  return { data: Buffer.concat(parts), crc, size: megabytes << 20 };
}

/** The zip with one more deflated entry after its others, listed in its directory (or, `hidden`, only in the file). */
function withEntry(zip: Buffer, name: string, entry: { data: Buffer; crc: number; size: number }, hidden = false): Buffer {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const cdOffset = zip.readUInt32LE(eocd + 16);
  const cdSize = zip.readUInt32LE(eocd + 12);
  const count = zip.readUInt16LE(eocd + 10);
  const fileName = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0); local.writeUInt16LE(20, 4); local.writeUInt16LE(8, 8);
  local.writeUInt32LE(entry.crc >>> 0, 14); local.writeUInt32LE(entry.data.length, 18); local.writeUInt32LE(entry.size >>> 0, 22); local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0); central.writeUInt16LE(20, 4); central.writeUInt16LE(20, 6); central.writeUInt16LE(8, 10);
  central.writeUInt32LE(entry.crc >>> 0, 16); central.writeUInt32LE(entry.data.length, 20); central.writeUInt32LE(entry.size >>> 0, 24);
  central.writeUInt16LE(fileName.length, 28); central.writeUInt32LE(cdOffset, 42);
  const newCd = cdOffset + local.length + fileName.length + entry.data.length;
  const end = Buffer.alloc(22);
  const listed = hidden ? 0 : 1;
  end.writeUInt32LE(0x06054b50, 0); end.writeUInt16LE(count + listed, 8); end.writeUInt16LE(count + listed, 10);
  end.writeUInt32LE(cdSize + listed * (central.length + fileName.length), 12); end.writeUInt32LE(newCd, 16);
  const directory = hidden ? [] : [central, fileName];
  return Buffer.concat([zip.subarray(0, cdOffset), local, fileName, entry.data, zip.subarray(cdOffset, cdOffset + cdSize), ...directory, end]);
}

describe('an XLSX zip bomb', () => {
  it('a workbook with an entry that inflates to 300 MB is refused as unreadable, and nothing is kept', async () => {
    const plain = await workbook();
    expect(zipEntriesWithin(plain)).not.toBeNull();
    // The same workbook with a harmless small extra entry still reads.
    const small = withEntry(plain, 'docProps/custom.xml', await deflatedSpaces(1));
    expect(zipEntriesWithin(small)).not.toBeNull();
    const fine = await upload(small, 'small.xlsx');
    expect(fine.statusCode, fine.body).toBe(201);
    expect(body(fine).data).toMatchObject({ totalRows: 1, validRows: 1 });

    const bomb = withEntry(plain, 'xl/media/bomb.xml', await deflatedSpaces(300));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const before = await batches();
    const res = await upload(bomb, 'patients.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.statusCode).toBe(422);
    expect(body(res).message.code).toBe('IMPORT_FILE_UNREADABLE');
    expect(await batches()).toBe(before);
    // Nor is one the directory leaves out (a reader walking the file from its start would still inflate it).
    const hidden = withEntry(plain, 'xl/media/bomb.xml', await deflatedSpaces(300), true);
    expect(zipEntriesWithin(hidden)).toBeNull();
  });
});

describe('a workbook whose sheet comes before its shared strings and workbook parts', () => {
  it('reads its rows every time (the order Excel writes; reading it used to fail now and then as unreadable)', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Patients');
    ws.addRow(['Name', 'Phone', 'Date of birth']);
    ws.addRow(['Omar Hassan', '0591234567', new Date(Date.UTC(1979, 10, 2))]);
    const data = Buffer.from(await wb.xlsx.writeBuffer());
    const order = (name: string) => data.indexOf(Buffer.from(name));
    expect(order('xl/worksheets/sheet1.xml')).toBeLessThan(order('xl/sharedStrings.xml'));
    const outcomes = new Map<string, number>();
    for (let i = 0; i < 300; i++) {
      let outcome: string;
      try {
        const rows: string[][] = [];
        for await (const r of sheetRows(data)) rows.push(r.cells);
        outcome = JSON.stringify(rows);
      } catch (err) {
        outcome = String(err);
      }
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    }
    expect(outcomes).toEqual(new Map([[JSON.stringify([['Name', 'Phone', 'Date of birth'], ['Omar Hassan', '0591234567', '1979-11-02']]), 300]]));
  });

  it('reads the sheet the workbook lists first, whatever the order of the sheets in the file', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Notes').addRow(['not', 'patients']);
    wb.addWorksheet('Patients').addRow(['Name', 'Phone']);
    // The tab order (the sheets' order in the workbook part), which differs from the order they were added.
    const tab = (name: string, orderNo: number) => { (wb.getWorksheet(name) as unknown as { orderNo: number }).orderNo = orderNo; };
    tab('Notes', 1);
    tab('Patients', 0);
    const data = Buffer.from(await wb.xlsx.writeBuffer());
    const rows: string[][] = [];
    for await (const r of sheetRows(data)) rows.push(r.cells);
    expect(rows).toEqual([['Name', 'Phone']]);
  });
});

describe('careless files', () => {
  it('a PNG renamed .csv is refused for what it is, not read as text', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4bb0000000049454e44ae426082', 'hex');
    const res = await upload(png, 'patients.csv');
    expect(res.statusCode).toBe(422);
    expect(body(res).message).toMatchObject({ code: 'IMPORT_FILE_UNREADABLE', message: expect.stringContaining('png') });
  });

  it('a CSV saved by Windows Excel (byte-order mark, CRLF) reads its header and values clean, rows numbered as the file does', async () => {
    const csv = '\uFEFFName,Phone,Date of birth,Gender\r\nAli Hassan,0501234567,1990-01-01,male\r\nNo Phone,,1990-01-01,male\r\n';
    const batch = body(await upload(Buffer.from(csv, 'utf8'))).data;
    expect(batch.columns).toEqual(['Name', 'Phone', 'Date of birth', 'Gender']);
    expect(batch).toMatchObject({ totalRows: 2, validRows: 1, refusedRows: 1 });
    expect(batch.problems).toEqual([expect.objectContaining({ row: 3, column: 'Phone' })]);
  });
});
