import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * ZATCA's own validation of e-invoices, as its SDK runs it (tests/support/zatca-rules/README.md): the UBL 2.1 XSD, then
 * the EN 16931 and ZATCA schematrons (XSLT 2.0), by tests/support/ZatcaValidate.java on Java 17 with Debian's Saxon HE
 * (`libsaxonhe-java`, installed by .ci/run). Every document goes through one JVM: starting one costs seconds.
 */
const HERE = new URL('.', import.meta.url).pathname;
export const ZATCA_RULES_DIR = join(HERE, 'zatca-rules');
const SAXON_JAR = process.env.SAXON_JAR ?? '/usr/share/java/Saxon-HE.jar';

interface RuleFinding {
  level: 'xsd' | 'error' | 'warning';
  id: string;
  text: string;
}

/** Each document's findings (XSD errors, error- and warning-flagged schematron messages), by the name given. */
export async function validateWithZatcaRules(docs: Record<string, string>): Promise<Record<string, RuleFinding[]>> {
  if (!existsSync(SAXON_JAR))
    throw new Error(`Saxon HE is missing (${SAXON_JAR}): apt-get install -y libsaxonhe-java (as .ci/run does), or set SAXON_JAR`);
  const dir = mkdtempSync(join(tmpdir(), 'zatca-rules-'));
  try {
    const files = Object.entries(docs).map(([name, xml], i) => {
      const file = join(dir, `${i}.xml`);
      writeFileSync(file, xml);
      return [file, name] as const;
    });
    const names = new Map(files);
    let stdout: string;
    try {
      ({ stdout } = await promisify(execFile)(
        'java',
        ['-cp', SAXON_JAR, join(HERE, 'ZatcaValidate.java'), ZATCA_RULES_DIR, ...files.map(([f]) => f)],
        { maxBuffer: 64 * 1024 * 1024, timeout: 120_000 },
      ));
    } catch (err) {
      const e = err as NodeJS.ErrnoException & { stderr?: string };
      if (e.code === 'ENOENT') throw new Error('Java is missing: the ZATCA rules need a Java 17 runtime (`java` on the PATH)');
      throw new Error(`The ZATCA rules did not run: ${e.message}\n${e.stderr ?? ''}`);
    }
    const out: Record<string, RuleFinding[]> = Object.fromEntries(Object.keys(docs).map((n) => [n, []]));
    const done = new Set<string>();
    for (const line of stdout.split('\n').filter(Boolean)) {
      const [file, level, id, text] = line.split('\t');
      const name = names.get(file)!;
      if (level === 'done') done.add(name);
      else out[name].push({ level: level as RuleFinding['level'], id, text });
    }
    // Every document must have been read to the end, or a finding could be missing.
    for (const name of Object.keys(docs)) if (!done.has(name)) throw new Error(`The ZATCA rules did not finish ${name}:\n${stdout}`);
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The findings that make a document fail: XSD errors and error-flagged (or fatal) schematron messages. */
export const failures = (f: RuleFinding[]) => f.filter((x) => x.level !== 'warning');
