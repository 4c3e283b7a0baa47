import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { repoPath, serverEnvNames } from '../support/env-names.js';

/**
 * deploy/k8s must agree with what it deploys: the Dockerfile's port, the health paths the server answers, the
 * variables env.ts reads, the commands the build produces. Read from the files (no cluster, no kustomize binary).
 */

interface Doc {
  file: string;
  kind: string;
  metadata: { name: string; annotations?: Record<string, string> };
  spec?: any;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
  [k: string]: any;
}

const K8S = repoPath('deploy/k8s');

function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return yamlFiles(path);
    return /\.ya?ml$/.test(e.name) ? [path] : [];
  });
}

function parseFile(file: string): Doc[] {
  return parseAllDocuments(readFileSync(file, 'utf8')).map((d) => {
    expect(d.errors, relative(K8S, file)).toEqual([]);
    return { ...d.toJS(), file: relative(K8S, file) } as Doc;
  });
}

const docs = yamlFiles(K8S).flatMap(parseFile);
const base = docs.filter((d) => d.file.startsWith('base/') && d.kind !== 'Kustomization');
const one = (kind: string, name: string) => {
  const found = base.filter((d) => d.kind === kind && d.metadata.name === name);
  expect(found, `${kind} ${name} in deploy/k8s/base`).toHaveLength(1);
  return found[0];
};
const web = one('Deployment', 'mawarid-web');
const worker = one('Deployment', 'mawarid-worker');
const job = one('Job', 'mawarid-migrate');
const workloads = [web, worker, job];
const containers = workloads.flatMap((w) => w.spec.template.spec.containers as any[]);
const webContainer = web.spec.template.spec.containers[0];

const dockerfile = readFileSync(repoPath('Dockerfile'), 'utf8');
const packageJson = JSON.parse(readFileSync(repoPath('package.json'), 'utf8')) as { scripts: Record<string, string> };

describe('Kubernetes manifests (deploy/k8s)', () => {
  it('every manifest parses, and each kustomization names files that exist; every file is used', () => {
    expect(docs.length).toBeGreaterThan(10);
    const used = new Set<string>();
    for (const k of docs.filter((d) => d.kind === 'Kustomization')) {
      const dir = dirname(join(K8S, k.file));
      for (const r of [...(k.resources ?? []), ...(k.patches ?? []).map((p: { path: string }) => p.path)]) {
        const path = join(dir, r);
        expect(existsSync(path), `${k.file}: ${r}`).toBe(true);
        used.add(relative(K8S, path));
      }
    }
    const unused = yamlFiles(K8S)
      .map((f) => relative(K8S, f))
      .filter((f) => !used.has(f) && !f.endsWith('kustomization.yaml'));
    // The Secret is a template to fill in, never applied from the repository.
    expect(unused).toEqual(['base/secret.template.yaml']);
  });

  it("the web container listens on the Dockerfile's port, and the Service and Ingress reach it", () => {
    const expose = Number(/^EXPOSE (\d+)$/m.exec(dockerfile)?.[1]);
    expect(Number(/^ENV .*\bPORT=(\d+)/m.exec(dockerfile)?.[1])).toBe(expose);
    expect(webContainer.ports).toEqual([{ name: 'http', containerPort: expose }]);
    expect(Number(one('ConfigMap', 'mawarid-config').data!.PORT)).toBe(expose);
    const service = one('Service', 'mawarid-web');
    expect(service.spec.ports[0].targetPort).toBe('http');
    expect(service.spec.selector).toEqual(web.spec.template.metadata.labels);
    const ingresses = docs.filter((d) => d.kind === 'Ingress');
    expect(ingresses.length).toBe(3);
    for (const ing of ingresses) {
      const paths = ing.spec.rules.flatMap((r: any) => r.http.paths);
      expect(paths.map((p: any) => p.path).sort(), ing.file).toEqual(['/', '/graphql']);
      for (const p of paths) expect(p.backend.service, ing.file).toEqual({ name: service.metadata.name, port: { name: 'http' } });
    }
  });

  it('routing is sticky-free: no session affinity on the Service, no affinity annotation on the Ingress', () => {
    expect(one('Service', 'mawarid-web').spec.sessionAffinity ?? 'None').toBe('None');
    for (const ing of docs.filter((d) => d.kind === 'Ingress'))
      expect(Object.keys(ing.metadata.annotations ?? {}).filter((a) => /affinity|sticky|session-cookie/.test(a))).toEqual([]);
    // WebSocket subscriptions stay open past nginx's 60 s default.
    expect(
      Number(one('Ingress', 'mawarid-web').metadata.annotations!['nginx.ingress.kubernetes.io/proxy-read-timeout']),
    ).toBeGreaterThanOrEqual(3600);
  });

  it('the probes hit the health paths the server answers', () => {
    const router = readFileSync(repoPath('server/src/rest/router.ts'), 'utf8');
    const served = [...router.matchAll(/api\.get\('(\/health[^']*)'/g)].map((m) => `/api${m[1]}`);
    expect(webContainer.readinessProbe.httpGet).toEqual({ path: '/api/health/ready', port: 'http' });
    expect(webContainer.livenessProbe.httpGet).toEqual({ path: '/api/health/live', port: 'http' });
    for (const probe of ['readinessProbe', 'livenessProbe', 'startupProbe']) expect(served).toContain(webContainer[probe].httpGet.path);
  });

  it('every variable the manifests set is one the server reads', () => {
    const read = serverEnvNames();
    const names = [
      ...containers.flatMap((c) => (c.env ?? []).map((e: { name: string }) => e.name)),
      ...docs.filter((d) => d.kind === 'ConfigMap' || d.kind === 'Secret').flatMap((d) => Object.keys({ ...d.data, ...d.stringData })),
    ];
    expect(names.length).toBeGreaterThan(15);
    expect(names.filter((n) => !read.has(n))).toEqual([]);
    // And every workload gets the same configuration and secrets.
    for (const c of containers)
      expect(c.envFrom).toEqual([{ configMapRef: { name: 'mawarid-config' } }, { secretRef: { name: 'mawarid-secrets' } }]);
    one('Secret', 'mawarid-secrets');
  });

  it('production settings: web instances run no jobs and do not migrate; secrets are placeholders', () => {
    expect(webContainer.env).toEqual(
      expect.arrayContaining([
        { name: 'WORKER', value: 'off' },
        { name: 'MIGRATE_ON_START', value: 'false' },
      ]),
    );
    const config = one('ConfigMap', 'mawarid-config').data!;
    expect(config).toMatchObject({ NODE_ENV: 'production', STORAGE: 's3' });
    for (const [key, value] of Object.entries(one('Secret', 'mawarid-secrets').stringData!)) expect(value, key).toContain('REPLACE_ME');
    for (const c of containers) expect(c.resources.requests && c.resources.limits, c.name).toBeTruthy();
  });

  it('web, worker and migration Job run one image, which every overlay sets', () => {
    const images = new Set(containers.map((c) => c.image));
    expect([...images]).toEqual(['mawarid']);
    const overlays = docs.filter((d) => d.kind === 'Kustomization' && d.file.startsWith('overlays/'));
    expect(overlays.map((o) => o.file).sort()).toEqual(['overlays/production/kustomization.yaml', 'overlays/staging/kustomization.yaml']);
    for (const o of overlays)
      expect(
        o.images.map((i: { name: string }) => i.name),
        o.file,
      ).toEqual(['mawarid']);
  });

  it('the worker and migration commands are the ones package.json and the server build provide', () => {
    for (const [workload, script, entry] of [
      [worker, 'worker', 'server/dist/worker.js'],
      [job, 'migrate', 'server/dist/migrate.js'],
    ] as const) {
      const command: string[] = workload.spec.template.spec.containers[0].command;
      expect(command[0]).toBe('node');
      expect(command.at(-1)).toBe(entry);
      expect(packageJson.scripts[script]).toMatch(new RegExp(`^node .*${entry.replace(/\./g, '\\.')}$`));
      // server/dist/X.js is compiled from server/src/X.ts (server/tsconfig.json).
      expect(existsSync(repoPath(entry.replace('server/dist/', 'server/src/').replace(/\.js$/, '.ts'))), entry).toBe(true);
    }
    // The web container runs the image's own CMD (server/dist/main.js).
    expect(webContainer.command).toBeUndefined();
    expect(dockerfile).toMatch(/^CMD \[.*"server\/dist\/main\.js"\]$/m);
  });

  it('the autoscaler and the disruption budget govern the web pods', () => {
    const hpa = one('HorizontalPodAutoscaler', 'mawarid-web');
    expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: web.metadata.name });
    expect(one('PodDisruptionBudget', 'mawarid-web').spec.selector.matchLabels).toEqual(web.spec.template.metadata.labels);
    // Overlay patches name resources the base has.
    for (const patch of docs.filter((d) => d.file.startsWith('overlays/') && !['Kustomization', 'Namespace'].includes(d.kind)))
      one(patch.kind, patch.metadata.name);
  });
});

/** How long the web server and the worker (shutdown.ts) let a SIGTERM drain run before they exit anyway, in seconds. */
function drainLimitSeconds(): number {
  const main = readFileSync(repoPath('server/src/shutdown.ts'), 'utf8');
  const ms = /setTimeout\(\(\) => process\.exit\(1\), ([\d_]+)\)/.exec(main)?.[1];
  expect(ms, 'server/src/shutdown.ts: the drain limit timer').toBeDefined();
  return Number(ms!.replace(/_/g, '')) / 1000;
}

describe('Docker image and Compose', () => {
  // The image's last stage: what runs.
  const runStage = dockerfile.split(/^FROM /m).at(-1)!;
  const dataDir = /^ENV .*\bDATA_DIR=(\S+)/m.exec(runStage)?.[1];
  const compose = parseAllDocuments(readFileSync(repoPath('docker-compose.yml'), 'utf8'))[0]!.toJS() as {
    services: Record<string, any>;
    volumes?: Record<string, unknown>;
  };
  const app = compose.services.app;

  it("keeps DATA_DIR outside the root-owned /app, in a volume the app's user owns", () => {
    expect(runStage).toMatch(/^USER node$/m);
    const workdir = /^WORKDIR (\S+)$/m.exec(runStage)?.[1];
    expect(dataDir, 'ENV DATA_DIR in the last stage').toBeDefined();
    expect(`${dataDir}/`.startsWith(`${workdir}/`), `DATA_DIR ${dataDir} under WORKDIR ${workdir}`).toBe(false);
    // Created and handed to `node` before VOLUME: a fresh named volume copies that owner (steps after VOLUME are lost).
    const chown = runStage.search(new RegExp(`^RUN .*mkdir -p ${dataDir}\\b.*chown (-R )?node:node ${dataDir}\\b`, 'm'));
    const volume = runStage.search(new RegExp(`^VOLUME \\[?"?${dataDir}"?\\]?$`, 'm'));
    expect(chown, 'RUN mkdir -p DATA_DIR && chown node:node DATA_DIR').toBeGreaterThan(-1);
    expect(volume, 'VOLUME DATA_DIR').toBeGreaterThan(chown);
    expect(runStage.search(/^USER node$/m)).toBeGreaterThan(volume);
  });

  it("Compose mounts a named volume at the image's DATA_DIR", () => {
    expect(app.environment?.DATA_DIR ?? dataDir).toBe(dataDir);
    const mounts = (app.volumes ?? []).map((v: string | { source: string; target: string }) =>
      typeof v === 'string' ? { source: v.split(':')[0], target: v.split(':')[1] } : v,
    );
    const data = mounts.find((m: { target: string }) => m.target === dataDir);
    expect(data, `a volume mounted at ${dataDir}`).toBeDefined();
    expect(Object.keys(compose.volumes ?? {})).toContain(data.source);
  });

  it('gives a stopping app longer than its drain (Compose stop_grace_period, Kubernetes terminationGracePeriodSeconds)', () => {
    const drain = drainLimitSeconds();
    const grace = /^(\d+)s$/.exec(String(app.stop_grace_period))?.[1];
    expect(grace, 'stop_grace_period in seconds, e.g. 20s').toBeDefined();
    expect(Number(grace)).toBeGreaterThan(drain);
    // Kubernetes counts the preStop hook's sleep inside the same grace period.
    const preStop = webContainer.lifecycle?.preStop?.exec?.command as string[] | undefined;
    const sleep = preStop?.[0] === 'sleep' ? Number(preStop[1]) : 0;
    for (const w of [web, worker])
      expect(w.spec.template.spec.terminationGracePeriodSeconds, w.metadata.name).toBeGreaterThan(sleep + drain);
  });
});
