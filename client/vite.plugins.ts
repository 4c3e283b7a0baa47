/**
 * Build-only plugins for the first visit's weight and start-up time (issue #9). The code transforms rewrite text
 * without moving lines, so the source maps stay right line by line (prebuiltStrings replaces a data module whole).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * `graphql(`…`)` calls → the document itself, inlined where it is declared. The codegen's `graphql()` looks the
 * text up in a map of every operation of the app (gql.ts), so using it bundles all of them, and all in the first
 * download; this does what the codegen's Babel/SWC optimizer does, and puts each document in the chunk of the
 * code that uses it. The result is the same document (gql.ts maps the text to graphql.ts's export, whose JSON is
 * inlined); a text not in the map is left to `graphql()`.
 */
export function gqlDocuments(gqlDir: string): Plugin {
  let documents: Map<string, string> | undefined;
  const table = () => {
    if (!documents) {
      const json = new Map<string, string>();
      for (const m of readFileSync(`${gqlDir}/graphql.ts`, 'utf8').matchAll(
        /^export const (\w+) = (\{.*\}) as unknown as DocumentNode<.*>;$/gm,
      ))
        json.set(m[1]!, m[2]!);
      documents = new Map();
      const src = readFileSync(`${gqlDir}/gql.ts`, 'utf8');
      const from = src.indexOf('const documents');
      for (const m of src.slice(from, src.indexOf('};', from)).matchAll(/^\s*("(?:[^"\\]|\\.)*"): types\.(\w+),?$/gm)) {
        const doc = json.get(m[2]!);
        if (doc) documents.set(JSON.parse(m[1]!) as string, doc);
      }
    }
    return documents;
  };
  return {
    name: 'mawarid:gql-documents',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      documents = undefined; // codegen may have run since the last build (watch mode)
    },
    transform(code, id) {
      if (!/\.tsx?$/.test(id) || id.startsWith(gqlDir) || !code.includes('graphql(`')) return;
      let replaced = 0;
      let out = code.replace(/\bgraphql\(\s*`((?:[^`$\\]|\$(?!\{))*)`\s*\)/g, (call, text: string) => {
        const doc = table().get(text);
        if (!doc) {
          this.warn(`a graphql() text in ${id} is not in client/src/gql (run npm run codegen); left to the runtime lookup`);
          return call;
        }
        replaced++;
        return `(${doc})${'\n'.repeat(call.split('\n').length - 1)}`; // as many lines as before: the source map stays right
      });
      if (!replaced) return;
      // With every call replaced, the import of graphql() goes too (else its map of all operations would stay).
      if (!/\bgraphql\(/.test(out)) out = out.replace(/^import \{ graphql \} from '[./]*\/gql';$/m, '');
      return { code: out, map: null };
    },
  };
}

/**
 * The shared rule modules (server/src/shared, `@shared/*`) build their zod schemas at the top level, next to the
 * plain limits and messages the client imports. Building a schema has no side effect, so each top-level
 * `const x = call(…)` is marked pure: a client chunk that imports only constants then leaves the unused schemas,
 * and zod with them, out (zod loads with the forms that parse with a schema).
 */
export function pureSharedInitializers(sharedDir: string): Plugin {
  return {
    name: 'mawarid:pure-shared-initializers',
    apply: 'build',
    enforce: 'post', // after TypeScript is stripped: plain JavaScript to parse
    transform(code, id) {
      if (!id.startsWith(sharedDir) || /\.test\.ts$/.test(id)) return;
      type Node = { type: string; start: number; end: number; declaration?: Node | null; declarations?: Array<{ init?: Node | null }> };
      const edits: Array<[number, string]> = [];
      for (const statement of this.parse(code).body as unknown as Node[]) {
        const decl = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (decl?.type !== 'VariableDeclaration') continue;
        for (const { init } of decl.declarations ?? []) {
          if (init?.type !== 'CallExpression') continue;
          if (!code.slice(init.start, init.end).endsWith(')')) throw new Error(`${id}: unexpected parser offsets`);
          edits.push([init.start, '/* @__PURE__ */ (() => ('], [init.end, '))()']);
        }
      }
      if (!edits.length) return;
      let out = code;
      for (const [at, text] of edits.sort((a, b) => b[0] - a[0])) out = out.slice(0, at) + text + out.slice(at);
      return { code: out, map: null };
    },
  };
}

/**
 * index.html preloads the chunk of a dynamically imported module (`entry`) and everything it imports, as it does
 * for the entry's static imports: the page's code downloads while the HTML is parsed, even though main.tsx only
 * imports it after the first paint.
 */
export function preloadDynamicEntry(entry: string): Plugin {
  return {
    name: 'mawarid:preload-dynamic-entry',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk');
        const root = chunks.find((c) => c.facadeModuleId?.endsWith(entry));
        if (!root) throw new Error(`preloadDynamicEntry: no chunk for ${entry}`);
        const byName = new Map(chunks.map((c) => [c.fileName, c]));
        const files = new Set<string>();
        const visit = (file: string) => {
          if (files.has(file)) return;
          files.add(file);
          for (const dep of byName.get(file)?.imports ?? []) visit(dep);
        };
        visit(root.fileName);
        return [...files].map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/**
 * lib/bundles/<lang>.ts merges the feature files of client/src/locales/<lang>/ when it loads (≈ 35 ms of the
 * start-up's script time on a throttled phone); in the build it becomes the merged tree itself, merged
 * here by the same function (a key defined twice still fails the build), as one JSON.parse of a string literal —
 * faster to load than the same object written as JavaScript.
 */
export function prebuiltStrings(localesDir: string, shared: Record<string, string[]> = {}): Plugin {
  return {
    name: 'mawarid:prebuilt-strings',
    apply: 'build',
    enforce: 'pre',
    async transform(_code, id) {
      const lang = /\/lib\/bundles\/(\w+)\.ts$/.exec(id)?.[1];
      if (!lang) return;
      const { mergeLocaleFiles } = await import('./src/lib/locale-files');
      const dir = join(localesDir, lang);
      const files: Record<string, { default: Record<string, unknown> }> = {};
      for (const f of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
        this.addWatchFile(join(dir, f));
        files[`../../locales/${lang}/${f}`] = { default: JSON.parse(readFileSync(join(dir, f), 'utf8')) as Record<string, unknown> };
      }
      // A language's strings kept on the server's side (the English of the server's messages), as bundles/<lang>.ts adds them.
      for (const path of shared[lang] ?? []) {
        this.addWatchFile(path);
        files[`../../locales/${lang}/${basename(path)}`] = { default: JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown> };
      }
      const tree = mergeLocaleFiles(files, lang);
      return { code: `export default JSON.parse(${JSON.stringify(JSON.stringify(tree))});\n`, map: null };
    },
  };
}
