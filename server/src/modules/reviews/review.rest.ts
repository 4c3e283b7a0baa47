import { Router } from 'express';
import { route, requireUser } from '../../rest/http.js';
import { fromRest } from '../../rest/case.js';
import { Role } from '../common/roles.js';
import type { Review } from './review.entity.js';
import type { CustomerRatingSummary, ReviewPage } from './review.service.js';

/** The REST shape of a review; `admin` adds whether and why it is hidden and which listing it is of. */
function reviewDto(r: Review, admin = false) {
  return {
    id: r.id,
    resource_id: r.resource.id,
    rating: r.rating,
    comment: r.comment,
    author_name: r.authorName,
    reply: r.reply,
    replied_at: r.repliedAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
    ...(admin && { resource_title: r.resource.title, hidden: r.hidden, hidden_reason: r.hiddenReason }),
  };
}

const pageDto = (p: ReviewPage, admin = false) => ({
  items: p.items.map((r) => reviewDto(r, admin)),
  total: p.total,
  page: p.page,
  page_size: p.pageSize,
});

const summaryDto = (s: CustomerRatingSummary) => ({ average: s.average, count: s.count, my_rating: s.myRating, my_note: s.myNote });

export function reviewRoutes(): Router {
  const r = Router();
  r.get(
    '/resources/:id/reviews',
    route(async (req) => pageDto(await req.ctx.services.reviews.forResource(req.ctx.user, String(req.params.id), fromRest(req.query)))),
  );
  r.post(
    '/bookings/:id/review',
    route(async (req, res) => {
      const review = await req.ctx.services.reviews.create(requireUser(req), String(req.params.id), req.body);
      res.status(201);
      return reviewDto(review);
    }),
  );
  r.post(
    '/reviews/:id/reply',
    route(async (req) => reviewDto(await req.ctx.services.reviews.reply(requireUser(req), String(req.params.id), req.body))),
  );
  r.get(
    '/admin/reviews',
    route(async (req) => pageDto(await req.ctx.services.reviews.forAdmin(requireUser(req, Role.admin), fromRest(req.query)), true)),
  );
  r.put(
    '/admin/reviews/:id/hide',
    route(async (req) =>
      reviewDto(await req.ctx.services.reviews.hide(requireUser(req, Role.admin), String(req.params.id), req.body), true),
    ),
  );
  r.get(
    '/bookings/:id/customer-rating',
    route(async (req) => summaryDto(await req.ctx.services.reviews.customerSummary(requireUser(req), String(req.params.id)))),
  );
  r.post(
    '/bookings/:id/customer-rating',
    route(async (req, res) => {
      const s = await req.ctx.services.reviews.rateCustomer(requireUser(req), String(req.params.id), req.body);
      res.status(201);
      return summaryDto(s);
    }),
  );
  return r;
}
