/** Writing XML: an element with attributes (in the order given) and children (already XML) or escaped text. */

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#xD;');
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;').replace(/\t/g, '&#x9;').replace(/\n/g, '&#xA;');

type Attrs = Record<string, string>;

/** `<name attrs>children</name>`; empty elements are written open-close, as their canonical form is. */
export function el(name: string, attrs: Attrs | null, ...children: Array<string | null | undefined | false>): string {
  const a = Object.entries(attrs ?? {})
    .map(([k, v]) => ` ${k}="${escapeAttr(v)}"`)
    .join('');
  return `<${name}${a}>${children.filter((c) => typeof c === 'string').join('')}</${name}>`;
}

/** An element holding text. */
export const txt = (name: string, text: string, attrs: Attrs | null = null) => el(name, attrs, escapeText(text));
