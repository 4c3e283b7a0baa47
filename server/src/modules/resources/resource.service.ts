import { createHmac, timingSafeEqual } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import { badInput, conflict, forbidden, notFound, unauthenticated } from '../common/errors.js';
import { parse } from '../common/validate.js';
import {
  adminListSchema,
  createResourceSchema,
  listResourcesSchema,
  MARKET_MESSAGES as M,
  rejectSchema,
  updateResourceSchema,
  type Category,
  FILE_FORMATS,
  type FileFormat,
  type Period,
  RESOURCE_STATUSES,
  type ResourceStatus,
} from '../../shared/marketplace.rules.js';
import { User } from '../users/user.entity.js';
import { canListResources, isAdmin, UserStatus, requireAdmin } from '../common/roles.js';
import { imageUrl, Resource, type ListingChanges } from './resource.entity.js';
import type { CancellationPolicy } from '../../shared/refunds.rules.js';
import { AuditService } from '../audit/audit.service.js';
import { RESOURCE_TOPICS, type ResourceChangedEvent } from './resource.events.js';
import { publicListCache } from '../../cache/public-list.cache.js';
import { BOOKING_TOPICS, type BookingChangedEvent } from '../bookings/booking.events.js';
import type { Stores } from '../../storage/stores.js';
import { firstViewInWindow, viewerKey } from './view-marks.js';
import { viewCounter } from './view-counter.js';
import { readRows } from '../../db/read.js';
import {
  checkDigitalFile,
  checkDigitalFileBytes,
  checkImage,
  checkImageBytes,
  FILE_CONTENT_TYPE,
  keyFromImageUrl,
  stagedFileKey,
  webCopy,
  type CheckedImage,
  type WebImage,
} from './uploads.js';
import { thumbnailOf } from '../../shared/images.js';
import { availableRangeSchema, dayRangeInstants } from '../../shared/availability.rules.js';
import { isUuid } from '../../shared/ids.js';
import { escapeLike } from '../../shared/escape.js';

/**
 * Totals are counted up to this many rows: past it the list says "10,000+" and counting stops early,
 * so a broad filter over 100,000 listings costs a bounded scan.
 */
const TOTAL_CAP = 10_000;

export interface ResourcePage {
  items: Resource[];
  total: number;
  /** True when there are more than TOTAL_CAP matches (total is then TOTAL_CAP). */
  totalCapped: boolean;
  page: number;
  pageSize: number;
}

/**
 * Listings (not deleted) by status, every status of RESOURCE_STATUSES included, and their total; `changesPending`:
 * hosts' edits of listings waiting for review (the edits queue, whatever the listing's status).
 */
export type StatusCounts = { total: number; changesPending: number } & Record<ResourceStatus, number>;

/** Invisible characters that reorder or hide text ("report\u202Efdp.exe" shows as "reportexe.pdf"), and control characters. */
// eslint-disable-next-line no-control-regex -- control characters are among the unsafe ones it removes
const UNSAFE_NAME_CHARS = /[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The name a downloaded file is saved under: the uploader's name without its extension, then the extension of the
 * declared format, so the file opens as what it was checked and served as (a "notes.html" declared txt is notes.txt).
 */
function downloadName(fileName: string | null, format: FileFormat): string {
  const base = (fileName ?? '')
    .replace(UNSAFE_NAME_CHARS, '')
    .replace(/\.[^.]*$/, '')
    .replace(/[.\s]+$/, '')
    .trim();
  return `${base || 'resource'}.${format}`;
}

/** A signed download link lives this long. */
const DOWNLOAD_LINK_TTL_SECONDS = 300;

/** The public list's cache key for an already parsed filter. */
export const publicListKey = (f: z.output<typeof listResourcesSchema>) =>
  JSON.stringify([f.category ?? null, f.search ?? null, f.sort, f.page, f.pageSize, f.availableFrom ?? null, f.availableTo ?? null]);

const LIVE_BOOKING = `status in ('pending', 'confirmed', 'active')`;

/** A listing row with its owner's name, as `RESOURCE_COLUMNS` reads it (numeric and timestamptz come as text). */
interface ResourceRow {
  id: string;
  owner_id: string;
  owner_name: string;
  title: string;
  description: string;
  category: Category;
  resource_type: 'physical' | 'digital';
  cancellation_policy: CancellationPolicy;
  file_format: FileFormat | null;
  price: string;
  currency: string;
  period: Period;
  location: string;
  availability: string;
  images: string[];
  tags: string[];
  rating: string;
  reviews_count: number;
  views_count: number;
  status: ResourceStatus;
  rejection_reason: string | null;
  pending_changes: ListingChanges | null;
  changes_submitted_at: string | null;
  changes_rejection_reason: string | null;
  created_at: string;
}

const RESOURCE_COLUMNS = `r.id, r.owner_id, o.full_name as owner_name, r.title, r.description, r.category, r.resource_type,
  r.cancellation_policy, r.file_format, r.price, r.currency, r.period, r.location, r.availability, r.images, r.tags,
  r.rating, r.reviews_count, r.views_count, r.status, r.rejection_reason, r.pending_changes, r.changes_submitted_at,
  r.changes_rejection_reason, r.created_at`;

/**
 * A listing as the marketplace, its search and its detail page show it, read as a plain row rather than an entity
 * (building entities was most of a search's CPU: docs/performance.md, issue #19). It answers as a `Resource` to
 * both doors: REST's `resourceDto` and GraphQL, whose field resolvers (`pendingChanges`, `openingHours` …) need an
 * instance of `Resource`. type-graphql would copy a plain object onto a new `Resource` and throw on the entity's
 * getter-only `images`, `ownerId` and `ownerName`; as an instance with those values as its own properties, the
 * getters are never reached. Never persisted nor managed by an entity manager: read paths only.
 */
function resourceView(row: ResourceRow): Resource {
  const view = {
    id: row.id,
    owner: { id: row.owner_id, fullName: row.owner_name },
    ownerId: row.owner_id,
    ownerName: row.owner_name,
    title: row.title,
    description: row.description,
    category: row.category,
    resourceType: row.resource_type,
    cancellationPolicy: row.cancellation_policy,
    fileFormat: row.file_format,
    price: Number(row.price),
    currency: row.currency,
    period: row.period,
    location: row.location,
    availability: row.availability,
    imageKeys: row.images,
    images: row.images.map(imageUrl),
    tags: row.tags,
    rating: Number(row.rating),
    reviewsCount: row.reviews_count,
    viewsCount: row.views_count,
    status: row.status,
    rejectionReason: row.rejection_reason,
    pendingChanges: row.pending_changes,
    changesSubmittedAt: row.changes_submitted_at === null ? null : new Date(row.changes_submitted_at),
    changesRejectionReason: row.changes_rejection_reason,
    createdAt: new Date(row.created_at),
  };
  return Object.setPrototypeOf(view, Resource.prototype) as Resource;
}

const ORDER_BY: Record<string, string> = {
  price_asc: 'r.price asc, r.id asc',
  price_desc: 'r.price desc, r.id desc',
  popular: 'r.views_count desc, r.id asc',
  newest: 'r.created_at desc, r.id desc',
};

/** What the marketplace shows of a listing and a revision may change. */
const liveContent = (r: Resource): ListingChanges => ({
  title: r.title,
  description: r.description,
  category: r.category,
  price: r.price,
  period: r.period,
  location: r.location,
  tags: r.tags,
  imageKeys: r.imageKeys,
});

const sameContent = (a: ListingChanges, b: ListingChanges) =>
  (Object.keys(a) as Array<keyof ListingChanges>).every((k) => JSON.stringify(a[k]) === JSON.stringify(b[k]));

export class ResourceService {
  private stores: Stores;
  constructor(
    private em: EntityManager,
    private deps: Deps,
  ) {
    this.stores = deps.stores;
  }

  private publish(r: Resource, kind: ResourceChangedEvent['kind']) {
    publicListCache(this.deps).invalidate(); // this instance at once; the others when the event reaches them
    this.deps.bus.publish(RESOURCE_TOPICS.resourceChanged, {
      resourceId: r.id,
      ownerId: r.owner.id,
      status: r.status,
      kind,
    } satisfies ResourceChangedEvent);
  }

  /** Sees the listing whatever its status: its owner (even one who may no longer list) and admins. */
  private canRead(user: User | null, r: Resource) {
    return !!user && (isAdmin(user.role) || r.owner.id === user.id);
  }

  /** Edits or deletes it: admins, and its owner while they may list (a host demoted to regular may not). */
  private canManage(user: User | null, r: Resource) {
    return !!user && (isAdmin(user.role) || (r.owner.id === user.id && canListResources(user.role)));
  }

  /** Writes checked files; if one write fails, the ones already written are removed. */
  private async writeAll(images: WebImage[], file?: CheckedImage) {
    const written: Array<() => Promise<void>> = [];
    try {
      for (const img of images) {
        for (const copy of [img, img.thumbnail]) {
          await this.stores.images.put(copy.key, copy.data);
          written.push(() => this.stores.images.remove(copy.key));
        }
      }
      if (file) {
        await this.stores.files.put(file.key, file.data);
        written.push(() => this.stores.files.remove(file.key));
      }
    } catch (err) {
      await Promise.allSettled(written.map((undo) => undo()));
      throw err;
    }
    return () => Promise.allSettled(written.map((undo) => undo()));
  }

  /** Deletes stored pictures with their card-sized copies. */
  private removeImages(keys: string[]) {
    const all = keys.flatMap((k) => [k, thumbnailOf(k)].filter((x): x is string => !!x));
    return Promise.allSettled(all.map((k) => this.stores.images.remove(k)));
  }

  /**
   * A picture uploaded on its own (`POST /api/uploads/images`, the listing form's progress bar) before the listing is
   * saved: checked and stored as a web copy like a picture inside the listing's body, and recorded as the uploader's
   * until a listing of theirs takes it (its URL in `images`). Unused ones are removed after a day.
   */
  async stageImage(user: User | null, data: Buffer | null): Promise<{ url: string }> {
    if (!user) throw unauthenticated();
    if (!canListResources(user.role)) throw forbidden(M.hostRequired);
    const image = await webCopy(checkImageBytes(data, 'Image'));
    const undo = await this.writeAll([image]);
    try {
      await this.em.getConnection().execute(`insert into image_uploads (key, owner_id) values (?, ?)`, [image.key, user.id]);
    } catch (err) {
      await undo();
      throw err;
    }
    return { url: `/uploads/${image.key}` };
  }

  /**
   * A digital listing's file uploaded on its own (`POST /api/uploads/files?format=…`, the listing form's progress bar)
   * before the listing is saved: checked as the declared format as a file inside the listing's body is, stored, and
   * recorded as the uploader's until a listing of theirs takes it (`file: "upload:<key>"`). Unused ones are removed
   * after a day.
   */
  async stageFile(user: User | null, data: Buffer | null, format: unknown): Promise<{ file: string }> {
    if (!user) throw unauthenticated();
    if (!canListResources(user.role)) throw forbidden(M.hostRequired);
    if (!(FILE_FORMATS as readonly unknown[]).includes(format)) throw badInput(M.invalidFileFormat, { field: 'fileFormat' });
    const file = checkDigitalFileBytes(data, format as FileFormat);
    await this.stores.files.put(file.key, file.data);
    try {
      await this.em.getConnection().execute(`insert into file_uploads (key, owner_id) values (?, ?)`, [file.key, user.id]);
    } catch (err) {
      await this.stores.files.remove(file.key).catch(() => undefined);
      throw err;
    }
    return { file: `upload:${file.key}` };
  }

  /** Takes the caller's staged file for a listing (as `claimStaged` does pictures); refused when it is not theirs. */
  private async claimStagedFile(user: User, key: string): Promise<() => Promise<void>> {
    const rows = await this.em
      .getConnection()
      .execute<Array<{ key: string }>>(`delete from file_uploads where owner_id = ? and key = ? returning key`, [user.id, key]);
    if (!rows.length) throw badInput(M.invalidFile, { field: 'file' });
    return async () => {
      await this.em
        .getConnection()
        .execute(`insert into file_uploads (key, owner_id) values (?, ?) on conflict do nothing`, [key, user.id]);
    };
  }

  /**
   * Takes the caller's staged uploads for a listing: they stop being staged (so the clean-up leaves them, and no
   * second listing can take the same file). Refused, taking nothing, when one is not the caller's or is gone.
   */
  private async claimStaged(user: User, keys: string[], labels: string[]): Promise<() => Promise<void>> {
    if (!keys.length) return async () => {};
    const rows = await this.em
      .getConnection()
      .execute<Array<{ key: string }>>(`delete from image_uploads where owner_id = ? and key in (?) returning key`, [user.id, keys]);
    if (rows.length !== keys.length) {
      await this.unclaim(
        user,
        rows.map((r) => r.key),
      );
      const missing = keys.findIndex((k) => !rows.some((r) => r.key === k));
      throw badInput(M.invalidImage(labels[missing]!), { field: 'images' });
    }
    return () => this.unclaim(user, keys);
  }

  private async unclaim(user: User, keys: string[]) {
    for (const key of keys)
      await this.em
        .getConnection()
        .execute(`insert into image_uploads (key, owner_id) values (?, ?) on conflict do nothing`, [key, user.id]);
  }

  /** Removes staged uploads (pictures and files) no listing took within a day, with their files. */
  async removeStaleUploads(now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - 86_400_000);
    const conn = this.em.getConnection();
    const images = await conn.execute<Array<{ key: string }>>(`delete from image_uploads where created_at < ? returning key`, [before]);
    const files = await conn.execute<Array<{ key: string }>>(`delete from file_uploads where created_at < ? returning key`, [before]);
    await this.removeImages(images.map((r) => r.key));
    await Promise.allSettled(files.map((r) => this.stores.files.remove(r.key)));
    return images.length + files.length;
  }

  /**
   * A listing's `images` in order: data URLs (checked now), and URLs of pictures already stored — the caller's
   * staged uploads, or (`known`, on an edit) the listing's own pictures.
   */
  private sortImages(images: string[], known: Set<string> = new Set()) {
    const fresh: Array<{ at: number; img: ReturnType<typeof checkImage> }> = [];
    const stored: Array<{ at: number; key: string }> = [];
    const staged: string[] = [];
    const stagedLabels: string[] = [];
    images.forEach((img, i) => {
      const label = `Image ${i + 1}`;
      if (img.startsWith('data:')) return void fresh.push({ at: i, img: checkImage(img, label) });
      const key = keyFromImageUrl(img);
      if (!key || (!known.has(key) && !thumbnailOf(key))) throw badInput(M.invalidImage(label), { field: 'images' });
      if (!known.has(key)) {
        staged.push(key);
        stagedLabels.push(label);
      }
      stored.push({ at: i, key });
    });
    /** The stored keys in the order the caller gave, once the data URLs' web copies are made. */
    const ordered = (added: WebImage[]) => {
      const keys: string[] = [];
      fresh.forEach((f, j) => (keys[f.at] = added[j]!.key));
      stored.forEach((k) => (keys[k.at] = k.key));
      return keys;
    };
    return { fresh: fresh.map((f) => f.img), staged, stagedLabels, ordered };
  }

  async create(user: User | null, rawInput: z.input<typeof createResourceSchema>): Promise<Resource> {
    if (!user) throw unauthenticated();
    if (!canListResources(user.role)) throw forbidden(M.hostRequired);
    const input = parse(createResourceSchema, rawInput);
    // Every check runs before anything is written: a bad image writes nothing.
    const sorted = this.sortImages(input.images);
    const images = await Promise.all(sorted.fresh.map(webCopy));
    const format = input.fileFormat as FileFormat;
    // A digital listing's file: an upload of the caller's (taken below) or a data URL (checked now, written below).
    const stagedFile = input.resourceType === 'digital' ? stagedFileKey(input.file!, format) : null;
    const file = input.resourceType === 'digital' && !stagedFile ? checkDigitalFile(input.file!, format) : undefined;
    const releaseImages = await this.claimStaged(user, sorted.staged, sorted.stagedLabels);
    const releaseFile = stagedFile
      ? await this.claimStagedFile(user, stagedFile).catch(async (err: unknown) => {
          await releaseImages();
          throw err;
        })
      : async () => {};
    const release = async () => {
      await releaseImages();
      await releaseFile();
    };
    const undo = await this.writeAll(images, file).catch(async (err: unknown) => {
      await release();
      throw err;
    });
    const fileKey = file?.key ?? stagedFile;
    const r = this.em.create(Resource, {
      owner: user,
      title: input.title,
      description: input.description,
      category: input.category,
      price: input.price,
      period: input.period,
      location: input.location,
      tags: input.tags,
      imageKeys: sorted.ordered(images),
      resourceType: input.resourceType,
      cancellationPolicy: input.cancellationPolicy ?? 'none',
      fileFormat: fileKey ? format : null,
      fileKey,
      fileName: fileKey ? input.fileName?.replace(/[^\p{L}\p{N} ._-]/gu, '').slice(0, 120) || `resource.${format}` : null,
      status: 'pending',
    });
    try {
      await this.em.flush();
    } catch (err) {
      await undo();
      await release();
      throw err;
    }
    this.publish(r, 'created');
    return r;
  }

  /**
   * Edits an active listing. Images: data URLs are new; URLs of the listing's own images (live or in its pending
   * revision) are kept. A host's edit does not change what the marketplace shows: it is stored as the listing's
   * pending revision (replacing an earlier one) until an admin approves it; an edit back to the approved version
   * withdraws the revision. An admin's edit applies at once (they are the reviewer).
   */
  async update(user: User | null, id: string, rawInput: z.input<typeof updateResourceSchema>): Promise<Resource> {
    if (!user) throw unauthenticated();
    const r = await this.findVisible(user, id);
    if (!this.canManage(user, r)) throw forbidden();
    if (r.status !== 'active') throw conflict(M.onlyActiveEditable);
    // An admin's edit goes live at once; approving a host's revision afterwards would silently overwrite it.
    if (isAdmin(user.role) && r.pendingChanges) throw conflict(M.reviewChangesFirst);
    const input = parse(updateResourceSchema, rawInput);
    const sorted = this.sortImages(input.images, new Set([...r.imageKeys, ...(r.pendingChanges?.imageKeys ?? [])]));
    const added = await Promise.all(sorted.fresh.map(webCopy));
    const release = await this.claimStaged(user, sorted.staged, sorted.stagedLabels);
    const undo = await this.writeAll(added).catch(async (err: unknown) => {
      await release();
      throw err;
    });
    const next: ListingChanges = {
      title: input.title,
      description: input.description,
      category: input.category,
      price: input.price,
      period: input.period,
      location: input.location,
      tags: input.tags,
      imageKeys: sorted.ordered(added),
    };
    const before = { live: r.imageKeys, pending: r.pendingChanges?.imageKeys ?? [] };
    // The cancellation policy is the host's term of sale, not reviewed content: it applies at once, and only to
    // bookings made from now on (each booking keeps the policy it was made under).
    if (input.cancellationPolicy) r.cancellationPolicy = input.cancellationPolicy;
    const reviewed = !isAdmin(user.role);
    if (!reviewed) Object.assign(r, next);
    else if (sameContent(liveContent(r), next)) {
      r.pendingChanges = null;
      r.changesSubmittedAt = null;
    } else {
      r.pendingChanges = next;
      r.changesSubmittedAt = new Date();
      r.changesRejectionReason = null;
    }
    try {
      await this.em.flush();
    } catch (err) {
      await undo();
      await release();
      throw err;
    }
    await this.removeUnused([...before.live, ...before.pending], r);
    this.publish(r, reviewed ? 'changes_submitted' : 'updated');
    return r;
  }

  /**
   * Deletes stored images that neither the live listing nor its pending revision uses any more — as committed now, not
   * as this request last saw them (an admin's approval and the host's next edit may cross).
   */
  private async removeUnused(keys: string[], r: Resource) {
    const [row] = await this.em
      .getConnection()
      .execute<Array<{ images: string[]; pending: string[] | null }>>(
        `select images, pending_changes->'imageKeys' as pending from resources where id = ?`,
        [r.id],
      );
    const used = new Set([...r.imageKeys, ...(r.pendingChanges?.imageKeys ?? []), ...(row?.images ?? []), ...(row?.pending ?? [])]);
    await this.removeImages([...new Set(keys)].filter((k) => !used.has(k)));
  }

  /** A listing the caller may see: active ones for everybody, any status for its owner and admins; otherwise 404. */
  async findVisible(user: User | null, id: string): Promise<Resource> {
    if (!isUuid(id)) throw notFound(M.resourceNotFound);
    const r = await this.em.findOne(Resource, { id, deletedAt: null }, { populate: ['owner'] });
    if (!r) throw notFound(M.resourceNotFound);
    if (r.status !== 'active' && !this.canRead(user, r)) throw notFound(M.resourceNotFound);
    return r;
  }

  /**
   * Detail page: counts a view once per viewer (account, else client address) and hour, never the owner's, nor the
   * server drawing the page (`countView` false). Repeated requests and aliases of one query add nothing. The listing
   * is read as a plain row; a counted view is written with others about once a second (view-counter.ts), and the
   * count shown includes the views this instance has not written yet.
   */
  async view(user: User | null, id: string, { countView = true, ip }: { countView?: boolean; ip: string }): Promise<Resource> {
    if (!isUuid(id)) throw notFound(M.resourceNotFound);
    const counter = viewCounter(this.deps);
    const { row, views } = await counter.shown(
      id,
      () =>
        readRows<ResourceRow>(
          this.em,
          `select ${RESOURCE_COLUMNS} from resources r join users o on o.id = r.owner_id where r.id = $1 and r.deleted_at is null`,
          [id],
          { prepared: true },
        ),
      (rows) => rows[0]?.views_count ?? 0,
    );
    if (!row[0]) throw notFound(M.resourceNotFound);
    const r = resourceView(row[0]);
    if (r.status !== 'active' && !this.canRead(user, r)) throw notFound(M.resourceNotFound);
    r.viewsCount = views;
    if (
      countView &&
      r.status === 'active' &&
      r.owner.id !== user?.id &&
      (await firstViewInWindow(this.deps, r.id, viewerKey({ userId: user?.id, ip })))
    ) {
      counter.add(r.id);
      r.viewsCount++;
    }
    return r;
  }

  /**
   * A page of listings and the capped total of matches in one statement, as plain rows (no entities): the page
   * and the count each a subquery over the same filter. The total counts rows of one table (no join, no distinct),
   * stopping at TOTAL_CAP + 1, so it can be answered from the partial indexes.
   */
  private async page(
    filter: {
      status?: ResourceStatus;
      category?: string;
      search?: string;
      sort: string;
      page: number;
      pageSize: number;
      availableFrom?: string;
      availableTo?: string;
    },
    em: EntityManager = this.em,
  ): Promise<ResourcePage> {
    const params: unknown[] = [];
    const p = (v: unknown) => `$${params.push(v)}`;
    const where = ['r.deleted_at is null'];
    if (filter.status) where.push(`r.status = ${p(filter.status)}`);
    if (filter.category) where.push(`r.category = ${p(filter.category)}`);
    // The query folds Arabic letter variants exactly as the stored column does (search_normalize, an immutable
    // function, is folded to a constant when the query is planned, so the trigram index still applies).
    if (filter.search) where.push(`r.search_text like search_normalize(${p(`%${escapeLike(filter.search)}%`)})`);
    if (filter.availableFrom && filter.availableTo) {
      // Free for the whole range: no live booking (an expired hold no longer counts) and no blocked day in it.
      // Digital listings have no calendar: always free.
      const { start, end } = dayRangeInstants(filter.availableFrom, filter.availableTo);
      const [s, e] = [p(start.toISOString()), p(end.toISOString())];
      where.push(
        `not exists (select 1 from bookings b where b.resource_id = r.id and b.exclusive and b.${LIVE_BOOKING}
           and not (b.status = 'pending' and b.payment_status = 'pending' and b.hold_expires_at < now())
           and b.start_date < ${e}::timestamptz and b.end_date > ${s}::timestamptz)
         and not exists (select 1 from resource_blocks k where k.resource_id = r.id and k.start_at < ${e}::timestamptz and k.end_at > ${s}::timestamptz)`,
      );
    }
    const filtered = where.join(' and ');
    const order = ORDER_BY[filter.sort] ?? ORDER_BY.newest!;
    const limit = p(filter.pageSize);
    const offset = p((filter.page - 1) * filter.pageSize);
    // One row per listing of the page, each carrying the count; a page past the end is one row of nulls and the count.
    const sql = filter.search
      ? // A search's matches are found once (the trigram index scan is most of its cost) and kept with their sort keys:
        // up to TOTAL_CAP of them, the page is ordered from those; past it (a word in almost every listing) the page
        // is read as for any other filter, the branch not taken never running.
        `with m as materialized (select r.id, r.created_at, r.price, r.views_count from resources r where ${filtered} limit ${TOTAL_CAP + 1}),
              c as (select count(*)::int as counted from m),
              p as ((select r.id from m r where (select counted from c) <= ${TOTAL_CAP} order by ${order} limit ${limit} offset ${offset})
                    union all
                    (select r.id from resources r where (select counted from c) > ${TOTAL_CAP} and ${filtered} order by ${order} limit ${limit} offset ${offset}))
         select ${RESOURCE_COLUMNS}, c.counted
           from c left join p on true left join resources r on r.id = p.id left join users o on o.id = r.owner_id
          order by ${order}`
      : `select ${RESOURCE_COLUMNS}, c.counted
           from (select count(*)::int as counted from (select 1 from resources r where ${filtered} limit ${TOTAL_CAP + 1}) s) c
           left join lateral (select r.* from resources r where ${filtered} order by ${order} limit ${limit} offset ${offset}) r on true
           left join users o on o.id = r.owner_id
          order by ${order}`;
    const rows = await readRows<ResourceRow & { counted: number }>(em, sql, params);
    const counted = rows[0]?.counted ?? 0;
    const items = rows.filter((row) => row.id !== null).map(resourceView);
    return { items, total: Math.min(counted, TOTAL_CAP), totalCapped: counted > TOTAL_CAP, page: filter.page, pageSize: filter.pageSize };
  }

  /** The public marketplace: active listings only. */
  async listPublic(rawFilter: z.input<typeof listResourcesSchema>): Promise<ResourcePage> {
    const f = parse(listResourcesSchema, rawFilter);
    // A date filter's answer changes with every booking, which no cache here hears of: read each time.
    if (f.availableFrom || f.availableTo) {
      parse(availableRangeSchema, f);
      return this.page({ ...f, status: 'active' });
    }
    return publicListCache<ResourcePage>(this.deps).get(publicListKey(f), () => this.page({ ...f, status: 'active' }, this.em.fork()));
  }

  async listForAdmin(user: User | null, rawFilter: z.input<typeof adminListSchema>): Promise<ResourcePage> {
    requireAdmin(user);
    const f = parse(adminListSchema, rawFilter);
    return this.page(f);
  }

  async statusCounts(user: User | null): Promise<StatusCounts> {
    requireAdmin(user);
    const rows = await this.em
      .getConnection()
      .execute<Array<{ status: string; n: number; changes: number }>>(
        `select status, count(*)::int as n, count(*) filter (where pending_changes is not null)::int as changes from resources where deleted_at is null group by status`,
      );
    const out = { total: 0, changesPending: 0, ...Object.fromEntries(RESOURCE_STATUSES.map((st) => [st, 0])) } as StatusCounts;
    for (const row of rows) {
      out.total += row.n;
      out.changesPending += row.changes;
      if ((RESOURCE_STATUSES as readonly string[]).includes(row.status)) out[row.status as ResourceStatus] = row.n;
    }
    return out;
  }

  async mine(user: User | null): Promise<Resource[]> {
    if (!user) throw unauthenticated();
    if (!canListResources(user.role)) throw forbidden('You need to be a host/seller to manage resources');
    return this.em.find(Resource, { owner: user, deletedAt: null }, { populate: ['owner'], orderBy: { createdAt: 'desc' } });
  }

  private async pendingForReview(user: User | null, id: string): Promise<Resource> {
    requireAdmin(user);
    const r = await this.findVisible(user, id);
    if (r.status !== 'pending') throw conflict(M.notPending);
    return r;
  }

  /** The review fields an audit row keeps (before/after an approval or rejection). */
  private reviewSnapshot(r: Resource) {
    return { status: r.status, rejection_reason: r.rejectionReason ?? null };
  }

  async approve(user: User | null, id: string): Promise<Resource> {
    const r = await this.pendingForReview(user, id);
    const before = this.reviewSnapshot(r);
    // A host since demoted to regular may not sell: their approved listing waits, withdrawn, for a promotion.
    r.status = canListResources(r.owner.role) ? 'active' : 'withdrawn';
    r.rejectionReason = null;
    r.reviewedAt = new Date();
    // The audit row is queued in the same unit of work: the approval and its audit entry are written together.
    new AuditService(this.em, this.deps).record(user!, 'resource.approve', 'resource', r.id, before, this.reviewSnapshot(r), r.title);
    await this.em.flush();
    this.publish(r, 'approved');
    return r;
  }

  async reject(user: User | null, id: string, rawInput: z.input<typeof rejectSchema>): Promise<Resource> {
    const { reason } = parse(rejectSchema, rawInput);
    const r = await this.pendingForReview(user, id);
    const before = this.reviewSnapshot(r);
    r.status = 'rejected';
    r.rejectionReason = reason;
    r.reviewedAt = new Date();
    new AuditService(this.em, this.deps).record(user!, 'resource.reject', 'resource', r.id, before, this.reviewSnapshot(r), r.title);
    await this.em.flush();
    this.publish(r, 'rejected');
    return r;
  }

  /** Admins: active listings whose host's edit awaits review, oldest first (the approvals queue). */
  async pendingChangesQueue(user: User | null): Promise<Resource[]> {
    requireAdmin(user);
    return this.em.find(
      Resource,
      { pendingChanges: { $ne: null }, deletedAt: null },
      { populate: ['owner'], orderBy: { changesSubmittedAt: 'asc', id: 'asc' }, limit: 200 },
    );
  }

  private async changesForReview(user: User | null, id: string): Promise<{ r: Resource; proposed: ListingChanges }> {
    requireAdmin(user);
    const r = await this.findVisible(user, id);
    if (!r.pendingChanges) throw conflict(M.noPendingChanges);
    return { r, proposed: r.pendingChanges };
  }

  /** Applies the host's revision: the marketplace shows it from now on. The audit row keeps before and after. */
  async approveChanges(user: User | null, id: string): Promise<Resource> {
    const { r, proposed } = await this.changesForReview(user, id);
    const before = liveContent(r);
    const oldKeys = r.imageKeys;
    // Field by field: the stored revision is data, never trusted to name the entity's properties.
    r.title = proposed.title;
    r.description = proposed.description;
    r.category = proposed.category;
    r.price = proposed.price;
    r.period = proposed.period;
    r.location = proposed.location;
    r.tags = proposed.tags;
    r.imageKeys = proposed.imageKeys;
    r.pendingChanges = null;
    r.changesSubmittedAt = null;
    r.changesRejectionReason = null;
    r.reviewedAt = new Date();
    new AuditService(this.em, this.deps).record(
      user!,
      'resource.changes.approve',
      'resource',
      r.id,
      { ...before },
      { ...liveContent(r) },
      r.title,
    );
    await this.em.flush();
    await this.removeUnused(oldKeys, r);
    this.publish(r, 'changes_approved');
    return r;
  }

  /** Drops the host's revision; the approved version stays live and the host is told why. */
  async rejectChanges(user: User | null, id: string, rawInput: z.input<typeof rejectSchema>): Promise<Resource> {
    const { reason } = parse(rejectSchema, rawInput);
    const { r, proposed } = await this.changesForReview(user, id);
    r.pendingChanges = null;
    r.changesSubmittedAt = null;
    r.changesRejectionReason = reason ?? null;
    r.reviewedAt = new Date();
    new AuditService(this.em, this.deps).record(
      user!,
      'resource.changes.reject',
      'resource',
      r.id,
      { ...proposed },
      { rejection_reason: r.changesRejectionReason },
      r.title,
    );
    await this.em.flush();
    await this.removeUnused(proposed.imageKeys, r);
    this.publish(r, 'changes_rejected');
    return r;
  }

  /**
   * Called in the transaction that changes a user's role: a host who may no longer list has their active listings
   * withdrawn from the marketplace (kept, with their bookings); made a host again, they come back as they were
   * approved (the owner could not edit them meanwhile). Returns what changed, for `announceOwnerListings` after
   * the commit.
   */
  async followOwnerRole(ownerId: string, canList: boolean): Promise<Array<{ id: string; status: string }>> {
    const [from, to] = canList ? ['withdrawn', 'active'] : ['active', 'withdrawn'];
    return this.em
      .getConnection()
      .execute<Array<{ id: string; status: string }>>(
        `update resources set status = ?, updated_at = now() where owner_id = ? and status = ? and deleted_at is null returning id, status`,
        [to, ownerId, from],
        'all',
        this.em.getTransactionContext(),
      );
  }

  announceOwnerListings(ownerId: string, changed: Array<{ id: string; status: string }>): void {
    if (!changed.length) return;
    publicListCache(this.deps).invalidate();
    for (const c of changed)
      this.deps.bus.publish(RESOURCE_TOPICS.resourceChanged, {
        resourceId: c.id,
        ownerId,
        status: c.status,
        kind: c.status === 'active' ? 'restored' : 'withdrawn',
      } satisfies ResourceChangedEvent);
  }

  /**
   * Owner or admin. Refused while the listing has upcoming paid or confirmed bookings; its other live (unpaid,
   * pending) bookings are cancelled. The row stays (soft delete) so past bookings keep their title.
   */
  async remove(user: User | null, id: string): Promise<void> {
    if (!user) throw unauthenticated();
    const r = await this.findVisible(user, id);
    if (!this.canManage(user, r)) throw forbidden();
    const cancelled = await this.em.transactional(async (em) => {
      const conn = em.getConnection();
      // Lock the listing so a booking cannot be paid for between the check and the delete.
      await conn.execute(`select id from resources where id = ? for update`, [r.id], 'all', em.getTransactionContext());
      const blocking = await conn.execute<Array<{ n: number }>>(
        `select count(*)::int as n from bookings where resource_id = ? and end_date > now()
           and (status in ('confirmed', 'active') or (payment_status = 'paid' and status <> 'cancelled'))`,
        [r.id],
        'all',
        em.getTransactionContext(),
      );
      if (blocking[0].n > 0) throw conflict(M.hasUpcomingBookings);
      const rows = await conn.execute<Array<{ id: string; user_id: string }>>(
        `update bookings set status = 'cancelled', cancelled_at = now(), updated_at = now()
          where resource_id = ? and ${LIVE_BOOKING} returning id, user_id`,
        [r.id],
        'all',
        em.getTransactionContext(),
      );
      await conn.execute(
        `update resources set deleted_at = now(), updated_at = now() where id = ?`,
        [r.id],
        'all',
        em.getTransactionContext(),
      );
      return rows;
    });
    r.deletedAt = new Date();
    await this.removeImages(r.imageKeys);
    this.publish(r, 'deleted');
    for (const b of cancelled)
      this.deps.bus.publish(BOOKING_TOPICS.bookingChanged, {
        bookingId: b.id,
        resourceId: r.id,
        userId: b.user_id,
        ownerId: r.owner.id,
        status: 'cancelled',
        kind: 'cancelled',
        actorId: user.id,
      } satisfies BookingChangedEvent);
  }

  // ---- Digital downloads: entitlement, then a short-lived signed link ----

  /** The link carries the session version it was issued under: a sign-out everywhere or a password change ends it. */
  private sign(resourceId: string, userId: string, version: number, exp: number) {
    return createHmac('sha256', this.deps.env.jwtSecret).update(`download:${resourceId}:${userId}:${version}:${exp}`).digest('base64url');
  }

  /** Owner, admins, and users with a paid (not cancelled or refunded) booking of it: asked when a link is issued and when it is used. */
  private async mayDownload(user: User, r: Resource): Promise<boolean> {
    if (this.canRead(user, r)) return true;
    const rows = await this.em
      .getConnection()
      .execute<Array<{ n: number }>>(
        `select count(*)::int as n from bookings where resource_id = ? and user_id = ? and payment_status = 'paid' and status <> 'cancelled'`,
        [r.id, user.id],
      );
    return rows[0].n > 0;
  }

  /** Owner, admins, and users with a paid (not cancelled or refunded) booking of it may download. */
  async downloadLink(user: User | null, id: string): Promise<{ url: string; expiresAt: Date }> {
    if (!user) throw unauthenticated(M.loginToDownload);
    if (!isUuid(id)) throw notFound(M.resourceNotFound);
    // Not findVisible: a buyer keeps their download when the listing leaves the marketplace (its host demoted).
    const r = await this.em.findOne(Resource, { id, deletedAt: null }, { populate: ['owner'] });
    if (!r) throw notFound(M.resourceNotFound);
    const may = await this.mayDownload(user, r);
    if (!may && r.status !== 'active') throw notFound(M.resourceNotFound);
    if (r.resourceType !== 'digital' || !r.fileKey) throw badInput(M.notDigital);
    if (!may) throw forbidden(M.downloadForbidden);
    const exp = Math.floor(Date.now() / 1000) + DOWNLOAD_LINK_TTL_SECONDS;
    const token = `${user.id}.${user.tokenVersion}.${exp}.${this.sign(r.id, user.id, user.tokenVersion, exp)}`;
    return { url: `/api/resources/${r.id}/download?token=${encodeURIComponent(token)}`, expiresAt: new Date(exp * 1000) };
  }

  /** Opens the file behind a signed link (the link is the credential; it expires after a few minutes). */
  async openDownload(id: string, token: unknown) {
    const invalid = () => forbidden(M.downloadLinkInvalid);
    if (typeof token !== 'string' || !isUuid(id)) throw invalid();
    const [userId, versionText, expText, sig] = token.split('.');
    const version = Number(versionText);
    const exp = Number(expText);
    if (!userId || !sig || !Number.isInteger(version) || !Number.isInteger(exp) || exp < Date.now() / 1000) throw invalid();
    const expected = Buffer.from(this.sign(id, userId, version, exp));
    const given = Buffer.from(sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid();
    const r = await this.em.findOne(Resource, { id, deletedAt: null });
    if (!r?.fileKey || !r.fileFormat) throw notFound(M.resourceNotFound);
    // The link is checked again now: a booking cancelled or refunded since it was issued, or an account suspended,
    // ends the right to the file even within the link's few minutes.
    const user = await this.em.findOne(User, { id: userId });
    if (user && user.tokenVersion !== version) throw invalid();
    if (!user || user.status !== UserStatus.active || !(await this.mayDownload(user, r))) throw forbidden(M.downloadForbidden);
    const file = await this.stores.files.open(r.fileKey);
    if (!file) throw notFound(M.resourceNotFound);
    return { ...file, fileName: downloadName(r.fileName, r.fileFormat), contentType: FILE_CONTENT_TYPE[r.fileFormat] };
  }
}
