import type { z } from 'zod';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Deps } from '../../deps.js';
import { badInput, conflict, notFound } from '../common/errors.js';
import { parse } from '../common/validate.js';
import { UserStatus } from '../common/roles.js';
import { AuditService } from '../audit/audit.service.js';
import { User } from '../users/user.entity.js';
import { ServiceOffering } from '../business-services/service-offering.entity.js';
import { LEGAL_SERVICES } from '../../shared/service-bookings.rules.js';
import { LEGAL_CONSULTATION } from '../../shared/service-booking-schedule.rules.js';
import {
  ADVISOR_MESSAGES as M,
  createAdvisorSchema,
  freeSlots,
  parseSlotRange,
  riyadhInstant,
  SLOT_MINUTES,
  updateAdvisorSchema,
  type FreeDay,
} from '../../shared/advisors.rules.js';
import { Advisor } from './advisor.entity.js';
import { isUuid } from '../../shared/ids.js';

/** The audit row's before/after, in the snake_case its earlier rows were written in. */
const snapshot = (a: Advisor) => ({
  display_name: a.displayName,
  service_ids: a.serviceIds,
  languages: a.languages,
  weekly_hours: a.weeklyHours,
  days_off: a.daysOff,
  active: a.active,
});

/** Advisor profiles (admins write, anyone reads those of a service) and the free slots computed from them. */
export class AdvisorService {
  constructor(
    private em: EntityManager,
    private deps: Deps,
  ) {}

  /** Every id must be a bookable service: a business service, a legal one, or the legal consultation. */
  private async checkServices(ids: string[]) {
    const legal = ids.filter((id) => Object.hasOwn(LEGAL_SERVICES, id) || id === LEGAL_CONSULTATION.id);
    const rest = ids.filter((id) => !legal.includes(id));
    if (rest.length && (await this.em.count(ServiceOffering, { id: { $in: rest } })) !== rest.length)
      throw badInput(M.unknownService, { field: 'serviceIds' });
  }

  /** Admins (the caller checks): every advisor, or those covering one service; by name. */
  async list(filter: { serviceId?: unknown } = {}): Promise<Advisor[]> {
    const all = await this.em.find(Advisor, {}, { populate: ['user'], orderBy: { displayName: 'asc', id: 'asc' } });
    const service = typeof filter.serviceId === 'string' && filter.serviceId ? filter.serviceId : null;
    return service ? all.filter((a) => a.serviceIds.includes(service)) : all;
  }

  /** Anyone: the active advisors who cover a service (what the booking form offers). */
  async forService(serviceId: string): Promise<Advisor[]> {
    const all = await this.em.find(Advisor, { active: true }, { populate: ['user'], orderBy: { displayName: 'asc', id: 'asc' } });
    return all.filter((a) => a.serviceIds.includes(serviceId));
  }

  async get(id: unknown): Promise<Advisor> {
    const a = typeof id === 'string' && isUuid(id) ? await this.em.findOne(Advisor, { id }, { populate: ['user'] }) : null;
    if (!a) throw notFound(M.notFound);
    return a;
  }

  /** Admins: gives an active account an advisor profile (one per account). */
  async create(admin: User, raw: z.input<typeof createAdvisorSchema>): Promise<Advisor> {
    const input = parse(createAdvisorSchema, raw);
    const user = await this.em.findOne(User, { email: input.userEmail });
    if (!user || user.status !== UserStatus.active) throw badInput(M.userNotFound, { field: 'userEmail' });
    await this.checkServices(input.serviceIds);
    if (await this.em.count(Advisor, { user: user.id })) throw conflict(M.alreadyAdvisor);
    try {
      const id = await this.em.transactional(async (tem) => {
        const a = tem.create(Advisor, {
          user: user.id,
          displayName: input.displayName,
          serviceIds: input.serviceIds,
          languages: input.languages,
          weeklyHours: input.weeklyHours,
          daysOff: input.daysOff,
          active: input.active,
        });
        new AuditService(tem, this.deps).record(admin, 'advisor.create', 'advisor', a.id, null, snapshot(a), a.displayName);
        await tem.flush();
        return a.id;
      });
      return this.reload(id);
    } catch (err) {
      if (err instanceof UniqueConstraintViolationException) throw conflict(M.alreadyAdvisor);
      throw err;
    }
  }

  /**
   * Admins: changes any of the profile's fields. Bookings already made keep their advisor and time even when the new
   * hours no longer include it (the admin moves or cancels them); only new bookings follow the new calendar.
   */
  async update(admin: User, id: unknown, raw: z.input<typeof updateAdvisorSchema>): Promise<Advisor> {
    const input = parse(updateAdvisorSchema, raw);
    if (input.serviceIds) await this.checkServices(input.serviceIds);
    const existing = await this.get(id);
    await this.em.transactional(async (tem) => {
      const a = await tem.findOneOrFail(Advisor, { id: existing.id });
      const before = snapshot(a);
      if (input.displayName !== undefined) a.displayName = input.displayName;
      if (input.serviceIds !== undefined) a.serviceIds = input.serviceIds;
      if (input.languages !== undefined) a.languages = input.languages;
      if (input.weeklyHours !== undefined) a.weeklyHours = input.weeklyHours;
      if (input.daysOff !== undefined) a.daysOff = input.daysOff;
      if (input.active !== undefined) a.active = input.active;
      new AuditService(tem, this.deps).record(admin, 'advisor.update', 'advisor', a.id, before, snapshot(a), a.displayName);
      await tem.flush();
    });
    return this.reload(existing.id);
  }

  private reload(id: string) {
    return this.em.findOneOrFail(Advisor, { id }, { populate: ['user'], refresh: true });
  }

  /** The hours the open bookings of these advisors hold between two instants (`except`: a booking being moved). */
  async taken(advisorIds: string[], from: Date, to: Date, except?: string) {
    if (!advisorIds.length) return [];
    const rows = await this.em.getConnection().execute<Array<{ advisor_id: string; slot_start: Date; slot_end: Date }>>(
      `select advisor_id, slot_start, slot_end from service_bookings
        where advisor_id = any(?::uuid[]) and status in ('pending', 'confirmed')
          and slot_end > ? and slot_start < ?${except ? ' and id <> ?' : ''}`,
      [`{${advisorIds.join(',')}}`, from, to, ...(except ? [except] : [])],
    );
    return rows.map((r) => ({ advisorId: r.advisor_id, start: new Date(r.slot_start), end: new Date(r.slot_end) }));
  }

  /**
   * Anyone: the free slots of a service over Riyadh days `from`..`to` (GET /api/services/{id}/slots). A service
   * without advisors has none (its form asks for a preferred date and time instead).
   */
  async slots(
    serviceId: string,
    raw: { from?: unknown; to?: unknown },
    advisorId?: string,
  ): Promise<{
    from: string;
    to: string;
    advisors: Advisor[];
    days: FreeDay[];
  }> {
    const range = parseSlotRange(raw);
    if (!range) throw badInput(M.invalidRange, { field: 'from' });
    let advisors = await this.forService(serviceId);
    if (advisorId) advisors = advisors.filter((a) => a.id === advisorId);
    const start = riyadhInstant(range.from, '00:00');
    const end = riyadhInstant(range.to, '24:00');
    const taken = await this.taken(
      advisors.map((a) => a.id),
      start,
      new Date(end.getTime() + SLOT_MINUTES * 60_000),
    );
    return { ...range, advisors, days: freeSlots(advisors, taken, range) };
  }
}
