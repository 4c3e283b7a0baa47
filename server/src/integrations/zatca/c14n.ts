/**
 * Canonical XML 1.1 (http://www.w3.org/2006/12/xml-c14n11, without comments) for the XML an e-invoice is: elements,
 * attributes, text and character references; the XML declaration is dropped, and a DTD, processing instruction or
 * CDATA section is refused rather than canonicalised half-right. Used to compute ZATCA's invoice hash (and by the
 * tests' fake Fatoora to check what it receives).
 */

export interface XmlElement {
  name: string;
  /** In document order, namespace declarations included (`xmlns`, `xmlns:p`). */
  attrs: Array<[string, string]>;
  children: XmlNode[];
}
type XmlNode = XmlElement | string;

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decode(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (m, e: string) => {
    if (e.startsWith('#x')) return String.fromCodePoint(parseInt(e.slice(2), 16));
    if (e.startsWith('#')) return String.fromCodePoint(parseInt(e.slice(1), 10));
    const v = ENTITIES[e];
    if (v === undefined) throw new Error(`XML: unknown entity ${m}`);
    return v;
  });
}

/** Parses a document into its root element. */
export function parseXml(xml: string): XmlElement {
  let i = 0;
  const src = xml.replace(/\r\n?/g, '\n');
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  while (i < src.length) {
    const lt = src.indexOf('<', i);
    const text = src.slice(i, lt === -1 ? src.length : lt);
    if (text) {
      if (stack.length) stack[stack.length - 1].children.push(decode(text));
      else if (text.trim()) throw new Error('XML: text outside the root element');
    }
    if (lt === -1) break;
    if (src.startsWith('<?xml', lt) && !root && !stack.length) {
      i = src.indexOf('?>', lt) + 2;
      continue;
    }
    if (src.startsWith('<!--', lt)) {
      const end = src.indexOf('-->', lt);
      if (end === -1) throw new Error('XML: unterminated comment');
      i = end + 3;
      continue;
    }
    if (src.startsWith('<!', lt) || src.startsWith('<?', lt))
      throw new Error('XML: DTDs, CDATA and processing instructions are not supported');
    if (src[lt + 1] === '/') {
      const end = src.indexOf('>', lt);
      const name = src.slice(lt + 2, end).trim();
      const open = stack.pop();
      if (!open || open.name !== name) throw new Error(`XML: </${name}> does not close <${open?.name}>`);
      i = end + 1;
      continue;
    }
    const m = /^<([^\s/>]+)((?:\s+[^\s=]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/.exec(src.slice(lt));
    if (!m) throw new Error(`XML: malformed tag at ${lt}`);
    const attrs: Array<[string, string]> = [];
    for (const a of m[2].matchAll(/([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
      attrs.push([a[1], decode((a[2] ?? a[3]).replace(/[\t\n]/g, ' '))]);
    }
    const el: XmlElement = { name: m[1], attrs, children: [] };
    if (stack.length) stack[stack.length - 1].children.push(el);
    else if (root) throw new Error('XML: more than one root element');
    else root = el;
    if (!m[3]) stack.push(el);
    i = lt + m[0].length;
  }
  if (!root || stack.length) throw new Error('XML: no complete root element');
  return root;
}

const escText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#xD;');
const escAttr = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/"/g, '&quot;')
    .replace(/\t/g, '&#x9;')
    .replace(/\n/g, '&#xA;')
    .replace(/\r/g, '&#xD;');

type Scope = Map<string, string>;

function nsOf(el: XmlElement, inherited: Scope): Scope {
  const scope = new Map(inherited);
  for (const [k, v] of el.attrs) {
    if (k === 'xmlns') scope.set('', v);
    else if (k.startsWith('xmlns:')) scope.set(k.slice(6), v);
  }
  return scope;
}

function render(el: XmlElement, inScope: Scope, rendered: Scope, out: string[], exclusive: boolean): void {
  const scope = nsOf(el, inScope);
  // Namespace declarations: those not already rendered the same by an output ancestor, default first, then by
  // prefix. Inclusive C14N renders every one in scope (the apex of a subset gets them all); exclusive C14N only the
  // prefixes the element's own name and attributes use.
  const used = exclusive
    ? new Set(
        [el.name, ...el.attrs.map(([k]) => k).filter((k) => k !== 'xmlns' && !k.startsWith('xmlns:'))]
          .filter((n, i) => i === 0 || n.includes(':'))
          .map((n) => (n.includes(':') ? n.split(':')[0] : ''))
          .filter((p) => p !== 'xml'),
      )
    : null;
  const decls: Array<[string, string]> = [];
  const nextRendered = new Map(rendered);
  for (const [prefix, uri] of used ? [...used].map((p) => [p, scope.get(p) ?? ''] as const) : scope) {
    if ((rendered.get(prefix) ?? '') === uri) continue;
    decls.push([prefix, uri]);
    nextRendered.set(prefix, uri);
  }
  decls.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const uriOf = (name: string) => (name.includes(':') ? (scope.get(name.split(':')[0]) ?? '') : '');
  const local = (name: string) => (name.includes(':') ? name.split(':')[1] : name);
  const attrs = el.attrs
    .filter(([k]) => k !== 'xmlns' && !k.startsWith('xmlns:'))
    .sort((a, b) => {
      const ka = [uriOf(a[0]), local(a[0])];
      const kb = [uriOf(b[0]), local(b[0])];
      return ka[0] !== kb[0] ? (ka[0] < kb[0] ? -1 : 1) : ka[1] < kb[1] ? -1 : ka[1] > kb[1] ? 1 : 0;
    });
  out.push(`<${el.name}`);
  for (const [p, uri] of decls) out.push(` ${p ? `xmlns:${p}` : 'xmlns'}="${escAttr(uri)}"`);
  for (const [k, v] of attrs) out.push(` ${k}="${escAttr(v)}"`);
  out.push('>');
  for (const c of el.children) {
    if (typeof c === 'string') out.push(escText(c));
    else render(c, scope, nextRendered, out, exclusive);
  }
  out.push(`</${el.name}>`);
}

/** The canonical form of `el` with the namespaces its ancestors declared (`inScope`) rendered on it. */
export function canonicalize(el: XmlElement, inScope: Scope = new Map()): string {
  const out: string[] = [];
  render(el, inScope, new Map(), out, false);
  return out.join('');
}

/**
 * Exclusive XML Canonicalization (http://www.w3.org/2001/10/xml-exc-c14n#, without comments) of `el`: each
 * namespace declared on the first output element that uses it, whatever its ancestors declared.
 */
export function canonicalizeExclusive(el: XmlElement, inScope: Scope = new Map()): string {
  const out: string[] = [];
  render(el, inScope, new Map(), out, true);
  return out.join('');
}

/** The first element (depth first) named `name`, with the namespaces its ancestors declared. */
export function findElement(root: XmlElement, name: string, scope: Scope = new Map()): { el: XmlElement; scope: Scope } | null {
  const inner = nsOf(root, scope);
  if (root.name === name) return { el: root, scope };
  for (const c of root.children) {
    if (typeof c === 'string') continue;
    const found = findElement(c, name, inner);
    if (found) return found;
  }
  return null;
}

/** The element's text (its direct text children). */
export const textOf = (el: XmlElement) => el.children.filter((c): c is string => typeof c === 'string').join('');

/** The direct child elements named `name`. */
export const childrenNamed = (el: XmlElement, name: string) =>
  el.children.filter((c): c is XmlElement => typeof c !== 'string' && c.name === name);
