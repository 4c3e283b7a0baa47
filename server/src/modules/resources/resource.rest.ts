import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import express, { Router } from 'express';
import { fileBody, route, requireUser } from '../../rest/http.js';
import { fromRest } from '../../rest/case.js';
import { Role } from '../common/roles.js';
import { resourceDto } from './resource.dto.js';
import { publicListKey, type ResourcePage } from './resource.service.js';
import { publicListCache } from '../../cache/public-list.cache.js';
import { listResourcesSchema, MARKET_LIMITS, MARKET_MESSAGES } from '../../shared/marketplace.rules.js';
import { badInput } from '../common/errors.js';
import { isSecure, trustProxyOf } from '../../rest/proxy.js';
import { connectSources, fixedSecurityHeaders, fresh } from '../../rest/headers.js';
import type { Deps } from '../../deps.js';
import type { User } from '../users/user.entity.js';

const pageDto = (p: ResourcePage, viewer?: User) => ({
  items: p.items.map((r) => resourceDto(r, viewer)),
  total: p.total,
  total_capped: p.totalCapped,
  page: p.page,
  page_size: p.pageSize,
});

/** The JSON of each public page the service handed out (its cache hands the same object to every visitor). */
const publicBodies = new WeakMap<ResourcePage, { json: string; bytes: number; etag: string }>();

/** A public page's body and ETag, encoded once per page. */
function publicBody(page: ResourcePage): { json: string; bytes: number; etag: string } {
  let body = publicBodies.get(page);
  if (!body) {
    const json = JSON.stringify(pageDto(page));
    // Express's own weak ETag (length and SHA-1 of the body), so conditional requests work as on every route.
    const bytes = Buffer.byteLength(json);
    const etag = `W/"${bytes.toString(16)}-${createHash('sha1').update(json).digest('base64').slice(0, 27)}"`;
    publicBodies.set(page, (body = { json, bytes, etag }));
  }
  return body;
}

/**
 * `GET /api/resources` for a visitor whose page is remembered (and already encoded): answered before the Express
 * router. The marketplace's first page is the request every visitor makes; through the router and the request
 * context it cost ≈ 0.4 ms of CPU, most of it routing and context rather than the answer (issue #9's budget is
 * half of a bare Node server sending the same bytes). Anything else — a token (its account must be checked), an
 * Origin (CORS), a page not yet remembered, a query the schema would refuse — goes the ordinary way, which
 * answers identically (a test compares both, header by header).
 */
export function fastPublicList(deps: Deps): (req: IncomingMessage, res: ServerResponse) => boolean {
  const cache = publicListCache<ResourcePage>(deps);
  const trust = trustProxyOf(deps.env);
  const connectSrc = connectSources(deps.env.appUrl, deps.env.cspConnectOrigins);
  return (req, res) => {
    // An Origin may need CORS headers: the router's way.
    if (req.method !== 'GET' || req.headers.authorization || req.headers.origin) return false;
    const url = req.url ?? '';
    const q = url.indexOf('?');
    if ((q < 0 ? url : url.slice(0, q)) !== '/api/resources') return false;
    const filter = listResourcesSchema.safeParse(q < 0 ? {} : fromRest(parseQuery(url.slice(q + 1))));
    if (!filter.success) return false;
    const page = cache.peek(publicListKey(filter.data));
    if (!page) return false;
    const body = publicBody(page);
    const secure = isSecure(req, trust);
    // The headers in one writeHead: the ones securityHeaders() sets without an Origin, then what res.send adds.
    const headers: Record<string, string | number> = { ...fixedSecurityHeaders(secure, connectSrc) };
    if (deps.env.corsOrigins.length) headers.Vary = 'Origin';
    headers.ETag = body.etag;
    if (fresh(req.headers, body.etag)) {
      res.writeHead(304, headers).end();
      return true;
    }
    headers['Content-Type'] = 'application/json; charset=utf-8';
    headers['Content-Length'] = body.bytes;
    res.writeHead(200, headers).end(body.json);
    return true;
  };
}

/**
 * Listing bodies carry up to 5 images of 5 MB as base64 data URLs (and a digital file of 10 MB), more than the
 * 1 MB the rest of /api accepts. Mounted before the general JSON parser, for these two routes only.
 */
export const resourceBodyParser = express.Router().use(/^\/resources(\/[^/]+)?$/, express.json({ limit: '45mb' }));

export function resourceRoutes(): Router {
  const r = Router();
  r.get(
    '/resources',
    route(async (req, res) => {
      const body = publicBody(await req.ctx.services.resources.listPublic(fromRest(req.query)));
      res.setHeader('ETag', body.etag); // Express would compute the same, once per request
      res.type('json').send(body.json);
    }),
  );
  r.post(
    '/resources',
    route(async (req, res) => {
      const user = requireUser(req);
      const created = await req.ctx.services.resources.create(user, fromRest(req.body));
      res.status(201);
      return resourceDto(created, user);
    }),
  );
  r.post(
    '/uploads/images',
    // Who may upload is checked before the body is read (up to 5 MB).
    ...fileBody(MARKET_LIMITS.imageMaxBytes, () => badInput(MARKET_MESSAGES.imageTooLarge('Image'), { field: 'images' })),
    route(async (req, res) => {
      const staged = await req.ctx.services.resources.stageImage(requireUser(req), Buffer.isBuffer(req.body) ? req.body : null);
      res.status(201);
      return staged;
    }),
  );
  r.post(
    '/uploads/files',
    // A digital listing's file, as the pictures above (up to 10 MB).
    ...fileBody(MARKET_LIMITS.fileMaxBytes, () => badInput(MARKET_MESSAGES.fileTooLarge, { field: 'file' })),
    route(async (req, res) => {
      const body = Buffer.isBuffer(req.body) ? req.body : null;
      const staged = await req.ctx.services.resources.stageFile(requireUser(req), body, req.query.format);
      res.status(201);
      return staged;
    }),
  );
  r.get(
    '/resources/my/resources',
    route(async (req) => {
      const user = requireUser(req);
      return (await req.ctx.services.resources.mine(user)).map((x) => resourceDto(x, user));
    }),
  );
  r.get(
    '/resources/:id',
    route(async (req) => {
      const r = await req.ctx.services.resources.view(req.ctx.user, String(req.params.id), { ip: req.ctx.ip });
      // Customers see when an hourly listing opens (empty for other listings, or open around the clock).
      return { ...resourceDto(r, req.ctx.user), opening_hours: await req.ctx.services.availability.openingHours(r) };
    }),
  );
  // A host's edit of an active listing answers with the live version and its `pending_changes`.
  r.put(
    '/resources/:id',
    route(async (req) => {
      const user = requireUser(req);
      return resourceDto(await req.ctx.services.resources.update(user, String(req.params.id), fromRest(req.body)), user);
    }),
  );
  r.delete(
    '/resources/:id',
    route(async (req) => {
      await req.ctx.services.resources.remove(requireUser(req), String(req.params.id));
      return { message: 'Resource deleted successfully' };
    }),
  );
  r.get(
    '/resources/:id/booked-ranges',
    route(async (req) =>
      (await req.ctx.services.bookings.busyRanges(req.ctx.user, String(req.params.id))).map((b) => ({
        start_date: b.startDate.toISOString(),
        end_date: b.endDate.toISOString(),
      })),
    ),
  );
  r.post(
    '/resources/:id/download-link',
    route(async (req) => {
      const link = await req.ctx.services.resources.downloadLink(req.ctx.user, String(req.params.id));
      return { url: link.url, expires_at: link.expiresAt.toISOString() };
    }),
  );
  r.get(
    '/resources/:id/download',
    route(async (req, res) => {
      const file = await req.ctx.services.resources.openDownload(String(req.params.id), req.query.token);
      res.setHeader('Content-Type', file.contentType);
      res.setHeader('Content-Length', String(file.size));
      res.setHeader(
        'Content-Disposition',
        `attachment; filename="download.${file.fileName.split('.').pop()}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      );
      res.setHeader('Cache-Control', 'private, no-store');
      // Never rendered on our origin: a download, and even if opened, a sandbox without scripts.
      res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
      file.stream.pipe(res);
      await new Promise<void>((resolve, reject) => {
        file.stream.on('end', resolve);
        file.stream.on('error', reject);
      });
    }),
  );

  r.get(
    '/admin/resources',
    route(async (req) => {
      const admin = requireUser(req, Role.admin);
      return pageDto(await req.ctx.services.resources.listForAdmin(admin, fromRest(req.query)), admin);
    }),
  );
  // The approvals queue of hosts' edits: each item is the live listing with its `pending_changes` (before/after).
  r.get(
    '/admin/resources/changes',
    route(async (req) => {
      const admin = requireUser(req, Role.admin);
      return (await req.ctx.services.resources.pendingChangesQueue(admin)).map((x) => resourceDto(x, admin));
    }),
  );
  r.put(
    '/admin/resources/:id/changes/approve',
    route(async (req) => {
      const admin = requireUser(req, Role.admin);
      return resourceDto(await req.ctx.services.resources.approveChanges(admin, String(req.params.id)), admin);
    }),
  );
  r.put(
    '/admin/resources/:id/changes/reject',
    route(async (req) => {
      const admin = requireUser(req, Role.admin);
      return resourceDto(await req.ctx.services.resources.rejectChanges(admin, String(req.params.id), req.body ?? {}), admin);
    }),
  );
  r.get(
    '/admin/resources/counts',
    route(async (req) => {
      const { changesPending, ...byStatus } = await req.ctx.services.resources.statusCounts(requireUser(req, Role.admin));
      return { ...byStatus, changes_pending: changesPending };
    }),
  );
  r.put(
    '/admin/resources/:id/approve',
    route(async (req) =>
      resourceDto(await req.ctx.services.resources.approve(requireUser(req, Role.admin), String(req.params.id)), req.ctx.user),
    ),
  );
  r.put(
    '/admin/resources/:id/reject',
    route(async (req) =>
      resourceDto(
        await req.ctx.services.resources.reject(requireUser(req, Role.admin), String(req.params.id), req.body ?? {}),
        req.ctx.user,
      ),
    ),
  );
  return r;
}
