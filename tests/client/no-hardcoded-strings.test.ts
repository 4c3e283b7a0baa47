import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every user-visible string lives in client/src/locales/{en,ar} (issue 3). This scans the client's source
 * (outside locales/, the generated gql/ and tests) for the two ways a string sneaks into code:
 *  - Arabic script anywhere in a .ts/.tsx file (a translation table, a template, a ternary on the language);
 *  - English words as JSX text or as a user-visible JSX attribute (placeholder, title, aria-label, alt, label).
 */
const root = new URL('../../client/src/', import.meta.url).pathname;
const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
const ENGLISH_WORD = /[A-Za-z]{2,}/;
const VISIBLE_ATTRIBUTES = new Set(['placeholder', 'title', 'aria-label', 'aria-description', 'alt', 'label']);
/**
 * Not translated on purpose: the brand's Latin name, the currency code, and the card-expiry notation printed on
 * cards (MM / YY) read the same in both languages; a bare URL scheme is a format hint, not words.
 */
const ALLOWED_TEXT = new Set(['Mawarid', 'SAR', 'MM', 'YY', 'https://']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    const rel = relative(root, path);
    if (rel === 'locales' || rel === 'gql') return [];
    if (statSync(path).isDirectory()) return sourceFiles(path);
    if (!/\.tsx?$/.test(name) || /\.test\.tsx?$/.test(name) || name.endsWith('.d.ts')) return [];
    return [path];
  });
}

type Finding = string;

export function findHardcodedStrings(fileName: string, text: string): Finding[] {
  const out: Finding[] = [];
  const lineOf = (pos: number) => text.slice(0, pos).split('\n').length;
  text.split('\n').forEach((line, i) => {
    if (ARABIC.test(line)) out.push(`${fileName}:${i + 1} Arabic text in code: ${line.trim().slice(0, 80)}`);
  });
  if (!fileName.endsWith('.tsx')) return out;
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      const t = node.text.trim();
      if (t && ENGLISH_WORD.test(t) && !ALLOWED_TEXT.has(t)) out.push(`${fileName}:${lineOf(node.getStart())} JSX text: ${t.slice(0, 80)}`);
    } else if (ts.isJsxAttribute(node) && VISIBLE_ATTRIBUTES.has(node.name.getText())) {
      const init = node.initializer;
      const literal =
        init && ts.isStringLiteral(init)
          ? init.text
          : init &&
              ts.isJsxExpression(init) &&
              init.expression &&
              (ts.isStringLiteral(init.expression) || ts.isNoSubstitutionTemplateLiteral(init.expression))
            ? init.expression.text
            : undefined;
      if (literal && ENGLISH_WORD.test(literal) && !ALLOWED_TEXT.has(literal.trim()))
        out.push(`${fileName}:${lineOf(node.getStart())} ${node.name.getText()}="${literal.slice(0, 80)}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

describe('no user-visible strings in client code', () => {
  it('the scanner catches Arabic, JSX text and visible attributes, and lets keys and code through', () => {
    expect(findHardcodedStrings('a.ts', "const x = lng === 'ar' ? 'ألف' : 'K';")).toHaveLength(1);
    expect(findHardcodedStrings('a.tsx', 'export const A = () => <p>Hello world</p>;')).toHaveLength(1);
    expect(findHardcodedStrings('a.tsx', 'export const A = () => <input placeholder="Your email" />;')).toHaveLength(1);
    expect(findHardcodedStrings('a.tsx', "export const A = () => <img alt={'Logo image'} />;")).toHaveLength(1);
    expect(findHardcodedStrings('a.tsx', "export const A = () => <p title={t('x.y')}>{t('a.b')} · {n}</p>;")).toEqual([]);
    expect(findHardcodedStrings('a.tsx', 'export const A = () => <Box data-testid="toast-area" px="4">Mawarid</Box>;')).toEqual([]);
  });

  it('client/src has none outside the locale files', () => {
    const files = sourceFiles(root);
    expect(files.length).toBeGreaterThan(20);
    const findings = files.flatMap((f) => findHardcodedStrings(relative(root, f), readFileSync(f, 'utf8')));
    expect(findings).toEqual([]);
  });
});
