/** `data:[type/subtype][;name=value]*;base64,` — the only form the forms send (FileReader.readAsDataURL). */
const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)?(;[\w-]+=[\w.-]+)*;base64,/i;

/**
 * The bytes of a base64 data URL, or null when it is not one. The declared type is ignored: every caller decides the
 * real type by the bytes' magic numbers, since a client may claim anything.
 */
export function decodeDataUrl(value: string): Buffer | null {
  const m = DATA_URL.exec(value);
  if (!m) return null;
  const b64 = value.slice(m[0].length).replace(/\s/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64)) return null;
  return Buffer.from(b64, 'base64');
}
