/**
 * The finance exports as files: CSV with a UTF-8 byte-order mark (so Excel reads Arabic names as UTF-8), and a
 * minimal XLSX written here on top of fflate's zip (one sheet, inline strings, numbers as numbers). We chose this over
 * exceljs, whose dependency tree is unmaintained and deprecated (docs/decisions.md "Finance console").
 */
import { strToU8, zipSync } from 'fflate';

/** money: halalas, written as SAR with two decimals; int: a count; text: anything else. */
type ColumnKind = 'text' | 'money' | 'int';
export interface Table {
  columns: Array<{ header: string; kind: ColumnKind }>;
  rows: Array<Array<string | number | null>>;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A text cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, or a tab / carriage return before one) is
 * prefixed with `'`, OWASP's advice against CSV injection. Numbers are written by us and never prefixed.
 */
const guardCell = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);

const sar = (halalas: number) => (halalas / 100).toFixed(2);

function csvCell(v: string | number | null, kind: ColumnKind): string {
  if (v === null || v === undefined) return '';
  if (kind === 'money') return sar(Number(v));
  if (kind === 'int') return String(v);
  const s = guardCell(String(v));
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** RFC 4180 (CRLF, quoted where needed), after a UTF-8 BOM. */
export function toCsv(t: Table): Buffer {
  const lines = [t.columns.map((c) => csvCell(c.header, 'text')), ...t.rows.map((r) => r.map((v, i) => csvCell(v, t.columns[i].kind)))];
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(lines.map((l) => l.join(',')).join('\r\n') + '\r\n', 'utf8')]);
}

// Characters XML 1.0 forbids (control characters other than tab, LF, CR; lone surrogates) are dropped.
const XML_INVALID =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const xml = (s: string) =>
  s.replace(XML_INVALID, '').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** A1-style column letters: 0 → A, 25 → Z, 26 → AA. */
function columnName(i: number): string {
  let n = i + 1;
  let s = '';
  while (n > 0) {
    const m = (n - 1) % 26;
    s = String.fromCharCode(65 + m) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

function xlsxCell(v: string | number | null, kind: ColumnKind, ref: string): string {
  if (v === null || v === undefined || v === '') return '';
  if (kind === 'money') return `<c r="${ref}" s="1"><v>${sar(Number(v))}</v></c>`;
  if (kind === 'int') return `<c r="${ref}"><v>${Number(v)}</v></c>`;
  return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${xml(String(v))}</t></is></c>`;
}

const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** One worksheet named `sheetName`; the header row bold (style 2), SAR cells with two decimals (style 1). */
export function toXlsx(t: Table, sheetName: string): Buffer {
  const header = `<row r="1">${t.columns
    .map((c, i) => `<c r="${columnName(i)}1" t="inlineStr" s="2"><is><t xml:space="preserve">${xml(c.header)}</t></is></c>`)
    .join('')}</row>`;
  const body = t.rows
    .map((r, y) => `<row r="${y + 2}">${r.map((v, x) => xlsxCell(v, t.columns[x].kind, `${columnName(x)}${y + 2}`)).join('')}</row>`)
    .join('');
  const sheet = `${HEAD}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${header}${body}</sheetData></worksheet>`;
  const files: Record<string, string> = {
    '[Content_Types].xml': `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
    '_rels/.rels': `${HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `${HEAD}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${xml(sheetName.slice(0, 31))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `${HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
    'xl/styles.xml': `${HEAD}<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="2" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs></styleSheet>`,
    'xl/worksheets/sheet1.xml': sheet,
  };
  const zip = zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, strToU8(v)])), { level: 6 });
  return Buffer.from(zip);
}
