import type { EntityManager } from '@mikro-orm/postgresql';
import type { Deps } from '../../deps.js';
import { requireAdmin } from '../common/roles.js';
import type { User } from '../users/user.entity.js';
import { AnalyticsService } from '../analytics/analytics.service.js';
import { PaymentService } from '../payments/payment.service.js';

/**
 * The admin dashboard's figures (spec section 3 "Stats/analytics"), every one computed from the data by an
 * indexed aggregate (docs/decisions.md "Analytics"). GraphQL answers them as they are, REST in snake_case.
 */
export interface AdminStats {
  totalUsers: number;
  activeResources: number;
  /** Bookings whose status is confirmed or active. */
  activeBookings: number;
  /** SAR, all paid payments' subtotal: VAT is collected for the state, not the platform's revenue. */
  totalRevenue: number;
  /** Percent over the last 30 days; defined in docs/decisions.md (booked hours / available hours of active listings). */
  utilizationRate: number;
  pendingResources: number;
  newInquiries: number;
  /** False while no payment gateway can take a payment (production without a MyFatoorah key): the dashboard warns. */
  paymentsConfigured: boolean;
}

const DAY = 86_400_000;

export class AdminStatsService {
  constructor(
    private em: EntityManager,
    private deps: Deps,
  ) {}

  async get(actor: User, now: Date = new Date()): Promise<AdminStats> {
    requireAdmin(actor);
    const [{ n }] = await this.em.getConnection().execute<Array<{ n: number }>>('select count(*)::int as n from users');
    return {
      totalUsers: n,
      ...(await this.resourceStats()),
      ...(await this.bookingStats(now)),
      ...(await this.inquiryStats()),
      paymentsConfigured: await new PaymentService(this.em, this.deps).configured(),
    };
  }

  protected async resourceStats(): Promise<Pick<AdminStats, 'activeResources' | 'pendingResources'>> {
    const [row] = await this.em.getConnection().execute<Array<{ active: number; pending: number }>>(
      `select count(*) filter (where status = 'active')::int as active, count(*) filter (where status = 'pending')::int as pending
         from resources where deleted_at is null and status in ('active', 'pending')`,
    );
    return { activeResources: Number(row.active), pendingResources: Number(row.pending) };
  }

  protected async bookingStats(now: Date): Promise<Pick<AdminStats, 'activeBookings' | 'totalRevenue' | 'utilizationRate'>> {
    const db = this.em.getConnection();
    const [b] = await db.execute<Array<{ n: number }>>(`select count(*)::int as n from bookings where status in ('confirmed', 'active')`);
    const [p] = await db.execute<Array<{ revenue: string | null }>>(
      `select coalesce(sum(subtotal), 0) as revenue from payments where status = 'paid'`,
    );
    const utilization = await new AnalyticsService(this.em, this.deps).utilization(new Date(now.getTime() - 30 * DAY), now);
    return { activeBookings: Number(b.n), totalRevenue: Math.round(Number(p.revenue) * 100) / 100, utilizationRate: utilization };
  }

  protected async inquiryStats(): Promise<Pick<AdminStats, 'newInquiries'>> {
    const [row] = await this.em
      .getConnection()
      .execute<Array<{ n: number }>>(`select count(*)::int as n from inquiries where status = 'new'`);
    return { newInquiries: Number(row.n) };
  }
}
