import type { EntityManager } from '@mikro-orm/postgresql';
import type { Deps } from '../../deps.js';
import { parse } from '../common/validate.js';
import { pageSchema } from '../../shared/admin.rules.js';
import { AuditEntry } from './audit-entry.entity.js';

export interface AuditActor {
  id: string;
  email: string;
}

type Snapshot = Record<string, unknown> | null;

export interface AuditPage {
  items: AuditEntry[];
  total: number;
  limit: number;
  offset: number;
}

/**
 * The audit log of admin changes (user role/status, settings, approvals…). Any service that lets an admin
 * change something calls `record()` in the same unit of work as the change:
 *
 *   this.audit.record(actor, 'resource.approve', 'resource', r.id, { status: 'pending' }, { status: 'active' });
 *   await this.em.flush();   // the change and its audit row are written together, or neither is
 *
 * `entityLabel` (optional) names the record for people reading the log (a user's email, a listing's title).
 * Inside `em.transactional(tx => …)` use `audit.with(tx).record(…)` so the row joins that transaction.
 * Never pass secrets in `before`/`after`: say that a secret changed (e.g. `api_key_changed: true`) instead.
 */
export class AuditService {
  constructor(
    private em: EntityManager,
    private deps: Deps,
  ) {}

  /** The same service on another EntityManager (a transaction). */
  with(em: EntityManager): AuditService {
    return new AuditService(em, this.deps);
  }

  /** Queues one audit row in this EntityManager; it is written by the caller's next flush (or transaction commit). */
  record(
    actor: AuditActor,
    action: string,
    entityType: string,
    entityId: string | null,
    before: Snapshot,
    after: Snapshot,
    entityLabel?: string | null,
  ): AuditEntry {
    const entry = this.em.create(AuditEntry, {
      actorId: actor.id,
      actorEmail: actor.email,
      action,
      entityType,
      entityId,
      entityLabel: entityLabel ?? null,
      before: before ? structuredClone(before) : null,
      after: after ? structuredClone(after) : null,
    });
    this.em.persist(entry);
    return entry;
  }

  /** Newest first, paginated; optionally one kind of record. Callers check that the reader is an admin. */
  async list(raw: unknown): Promise<AuditPage> {
    const { limit, offset, entity_type } = parse(pageSchema, raw);
    const where = entity_type ? { entityType: entity_type } : {};
    const [items, total] = await this.em.findAndCount(AuditEntry, where, {
      orderBy: { createdAt: 'desc', id: 'desc' },
      limit,
      offset,
    });
    return { items, total, limit, offset };
  }
}

export const auditDto = (e: AuditEntry) => ({
  id: e.id,
  actor_id: e.actorId,
  actor_email: e.actorEmail,
  action: e.action,
  entity_type: e.entityType,
  entity_id: e.entityId,
  entity_label: e.entityLabel,
  before: e.before,
  after: e.after,
  created_at: e.createdAt.toISOString(),
});
