import express, { Router } from 'express';
import { route, requireUser } from '../../rest/http.js';
import { Role } from '../users/roles.js';
import { resourceDto } from './resource.dto.js';
import type { ResourcePage } from './resource.service.js';

const pageDto = (p: ResourcePage) => ({ items: p.items.map(resourceDto), total: p.total, total_capped: p.totalCapped, page: p.page, page_size: p.pageSize });

/**
 * Listing bodies carry up to 5 images of 5 MB as base64 data URLs (and a digital file of 10 MB), more than the
 * 1 MB the rest of /api accepts. Mounted before the general JSON parser, for these two routes only.
 */
export const resourceBodyParser = express.Router().use(/^\/resources(\/[^/]+)?$/, express.json({ limit: '45mb' }));

export function resourceRoutes(): Router {
  const r = Router();
  r.get('/resources', route(async (req) => pageDto(await req.ctx.services.resources.listPublic(req.query))));
  r.post('/resources', route(async (req, res) => {
    const created = await req.ctx.services.resources.create(requireUser(req), req.body);
    res.status(201);
    return resourceDto(created);
  }));
  r.get('/resources/my/resources', route(async (req) => (await req.ctx.services.resources.mine(requireUser(req))).map(resourceDto)));
  r.get('/resources/:id', route(async (req) => resourceDto(await req.ctx.services.resources.view(req.ctx.user, String(req.params.id)))));
  r.put('/resources/:id', route(async (req) => resourceDto(await req.ctx.services.resources.update(requireUser(req), String(req.params.id), req.body))));
  r.delete('/resources/:id', route(async (req) => {
    await req.ctx.services.resources.remove(requireUser(req), String(req.params.id));
    return { message: 'Resource deleted successfully' };
  }));
  r.get('/resources/:id/booked-ranges', route(async (req) =>
    (await req.ctx.services.bookings.busyRanges(req.ctx.user, String(req.params.id))).map((b) => ({
      start_date: b.startDate.toISOString(),
      end_date: b.endDate.toISOString(),
    })),
  ));
  r.post('/resources/:id/download-link', route(async (req) => {
    const link = await req.ctx.services.resources.downloadLink(req.ctx.user, String(req.params.id));
    return { url: link.url, expires_at: link.expiresAt.toISOString() };
  }));
  r.get('/resources/:id/download', route(async (req, res) => {
    const file = await req.ctx.services.resources.openDownload(String(req.params.id), req.query.token);
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Length', String(file.size));
    res.setHeader('Content-Disposition', `attachment; filename="download"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`);
    res.setHeader('Cache-Control', 'private, no-store');
    // Never rendered on our origin: a download, and even if opened, a sandbox without scripts.
    res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    file.stream.pipe(res);
    await new Promise<void>((resolve, reject) => {
      file.stream.on('end', resolve);
      file.stream.on('error', reject);
    });
  }));

  r.get('/admin/resources', route(async (req) => pageDto(await req.ctx.services.resources.listForAdmin(requireUser(req, Role.admin), req.query))));
  r.get('/admin/resources/counts', route(async (req) => req.ctx.services.resources.statusCounts(requireUser(req, Role.admin))));
  r.put('/admin/resources/:id/approve', route(async (req) =>
    resourceDto(await req.ctx.services.resources.approve(requireUser(req, Role.admin), String(req.params.id))),
  ));
  r.put('/admin/resources/:id/reject', route(async (req) =>
    resourceDto(await req.ctx.services.resources.reject(requireUser(req, Role.admin), String(req.params.id), req.body ?? {})),
  ));
  return r;
}
