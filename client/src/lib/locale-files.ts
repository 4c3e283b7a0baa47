type Tree = Record<string, unknown>;

function deepMerge(target: Tree, source: Tree, where: string): Tree {
  for (const [k, v] of Object.entries(source)) {
    const existing = target[k];
    if (v && typeof v === 'object' && existing && typeof existing === 'object') deepMerge(existing as Tree, v as Tree, `${where}.${k}`);
    else if (existing !== undefined) throw new Error(`Duplicate translation key ${where}.${k}`);
    else target[k] = v;
  }
  return target;
}

/** Merges locales/<lang>/*.json (each feature has its own file) into one tree; a key defined twice is an error. */
export function mergeLocaleFiles(files: Record<string, { default: Tree }>, lang: string): Tree {
  const out: Tree = {};
  for (const [path, mod] of Object.entries(files).sort(([a], [b]) => a.localeCompare(b))) {
    if (path.includes(`/locales/${lang}/`)) deepMerge(out, structuredClone(mod.default), lang);
  }
  return out;
}
