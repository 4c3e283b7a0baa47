import type { EntityManager } from '@mikro-orm/postgresql';
import type { Env } from '../../config/env.js';
import type { Stores } from '../../storage/stores.js';
import { User } from '../../modules/users/user.entity.js';
import { Role, UserStatus } from '../../modules/common/roles.js';
import { hashPassword } from '../../modules/auth/passwords.js';
import { seedMarketplace } from './marketplace.seed.js';
import { seedDemoPurchaseInvoice, seedInvoiceSettings } from './invoices.seed.js';
import { seedAnalytics } from './analytics.seed.js';
import { Advisor } from '../../modules/service-bookings/advisor.entity.js';
import { seedReviews } from './reviews.seed.js';
import { syncServiceContent } from '../../modules/business-services/business-service.service.js';
import type { Locale } from '../../shared/locale.js';

/** Demo logins (README). Created only outside production, and only when missing. */
const DEMO_USERS = [
  {
    email: 'admin@mawarid.sa',
    password: 'Admin#2026',
    fullName: 'Noura Al-Qahtani',
    companyName: 'Mawarid',
    role: Role.admin,
    locale: 'ar' as const,
  },
  {
    email: 'host@mawarid.sa',
    password: 'Host#2026',
    fullName: 'Faisal Al-Harbi',
    companyName: 'Riyadh Workspace Co.',
    role: Role.host_seller,
    locale: 'en' as const,
  },
  {
    email: 'user@mawarid.sa',
    password: 'User#2026',
    fullName: 'Sara Al-Otaibi',
    companyName: 'Jeddah Logistics',
    role: Role.regular,
    locale: 'en' as const,
  },
];

async function ensureUser(
  em: EntityManager,
  u: { email: string; password: string; fullName: string; companyName: string | null; role: Role; locale: Locale },
) {
  const existing = await em.findOne(User, { email: u.email });
  if (existing) return { user: existing, created: false };
  const user = em.create(User, {
    email: u.email,
    passwordHash: await hashPassword(u.password),
    fullName: u.fullName,
    companyName: u.companyName,
    role: u.role,
    status: UserStatus.active,
    emailVerified: true,
    emailVerifiedAt: new Date(),
    locale: u.locale,
  });
  return { user, created: true };
}

/** ADMIN_EMAIL/ADMIN_PASSWORD: an active, verified admin with that login exists after start. */
async function ensureAdmin(em: EntityManager, email: string, password: string) {
  const { user, created } = await ensureUser(em, {
    email,
    password,
    fullName: 'Administrator',
    companyName: null,
    role: Role.admin,
    locale: 'en',
  });
  if (!created) {
    user.role = Role.admin;
    user.status = UserStatus.active;
    if (!user.emailVerified) {
      user.emailVerified = true;
      user.emailVerifiedAt = new Date();
    }
  }
  await em.flush();
}

export async function seed(em: EntityManager, env: Env, stores: Stores) {
  await syncServiceContent(em); // product content (business services), production included
  if (env.adminEmail && env.adminPassword) await ensureAdmin(em, env.adminEmail, env.adminPassword);
  if (!env.seedDemo) return;
  for (const u of DEMO_USERS) await ensureUser(em, u);
  await em.flush();
  await seedMarketplace(em, stores);
  await seedInvoiceSettings(em);
  await seedDemoPurchaseInvoice(em);
  await seedAnalytics(em);
  await seedAdvisors(em);
  await seedReviews(em);
}

/** Demo advisors (issue #22) with weekly hours, so the booking form of these services shows its slot picker. */
const DEMO_ADVISORS = [
  {
    email: 'advisor@mawarid.sa',
    fullName: 'Khalid Al-Mutairi',
    services: ['strategic-consulting', 'market-entry'],
    languages: ['ar', 'en'],
    // Sunday to Thursday, 09:00–13:00 and 14:00–17:00 Riyadh time.
    hours: [0, 1, 2, 3, 4].flatMap((weekday) => [
      { weekday, from: '09:00', to: '13:00' },
      { weekday, from: '14:00', to: '17:00' },
    ]),
  },
  {
    email: 'legal.advisor@mawarid.sa',
    fullName: 'Reem Al-Dosari',
    services: ['corporate-law', 'compliance'],
    languages: ['ar', 'en'],
    // Every day but Friday, 10:00–18:00.
    hours: [0, 1, 2, 3, 4, 6].map((weekday) => ({ weekday, from: '10:00', to: '18:00' })),
  },
];

async function seedAdvisors(em: EntityManager) {
  for (const a of DEMO_ADVISORS) {
    const { user } = await ensureUser(em, {
      email: a.email,
      password: 'Advisor#2026',
      fullName: a.fullName,
      companyName: 'Mawarid',
      role: Role.regular,
      locale: 'ar',
    });
    await em.flush();
    if (await em.count(Advisor, { user: user.id })) continue;
    em.create(Advisor, { user, displayName: a.fullName, serviceIds: a.services, languages: a.languages, weeklyHours: a.hours });
  }
  await em.flush();
}
