import type { EntityManager } from '@mikro-orm/postgresql';
import type { FileStore } from '../../storage/file-store.js';
import type { Stores } from '../../storage/stores.js';
import { User } from '../../modules/users/user.entity.js';
import { Resource } from '../../modules/resources/resource.entity.js';
import { Booking } from '../../modules/bookings/booking.entity.js';
import type { Category, Period } from '../../shared/marketplace.rules.js';

const COLORS: Record<Category, [string, string]> = {
  'Office Space': ['#0f766e', '#5eead4'],
  Equipment: ['#1d4ed8', '#93c5fd'],
  'Human Resources': ['#7c3aed', '#c4b5fd'],
  Vehicles: ['#b45309', '#fcd34d'],
};

/** A small generated picture for a demo listing (no photos are shipped). */
function svg(category: Category, label: string): string {
  const [a, b] = COLORS[category];
  const text = label.replace(/[<>&"]/g, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500" viewBox="0 0 800 500">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
<rect width="800" height="500" fill="url(#g)"/>
<circle cx="660" cy="110" r="70" fill="#ffffff" opacity="0.18"/><circle cx="120" cy="420" r="120" fill="#ffffff" opacity="0.12"/>
<text x="400" y="260" text-anchor="middle" font-family="Arial, sans-serif" font-size="36" font-weight="700" fill="#ffffff">${text}</text>
<text x="400" y="310" text-anchor="middle" font-family="Arial, sans-serif" font-size="26" fill="#ffffff" opacity="0.85">${category}</text>
</svg>`;
}

const MINI_PDF = `%PDF-1.4
1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj
2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj
3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj
4 0 obj<</Length 88>>stream
BT /F1 18 Tf 60 780 Td (Mawarid demo: commercial office lease template) Tj ET
endstream endobj
5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj
trailer<</Root 1 0 R>>
%%EOF
`;

interface Demo {
  slug: string;
  /** Text on the generated picture. */
  short: string;
  title: string;
  description: string;
  category: Category;
  price: number;
  period: Period;
  location: string;
  tags: string[];
  status?: 'active' | 'pending';
  views?: number;
  digital?: boolean;
}

const DEMOS: Demo[] = [
  {
    slug: 'olaya-office',
    short: 'Private office · Olaya',
    title: 'Furnished private office in Al Olaya — مكتب خاص مؤثث',
    description:
      'A quiet 4-desk private office on King Fahd Road with meeting room access, fibre internet, reception and parking. مكتب خاص لأربعة أشخاص مع قاعة اجتماعات وإنترنت سريع ومواقف.',
    category: 'Office Space',
    price: 350,
    period: 'day',
    location: 'Al Olaya, Riyadh',
    tags: ['furnished', 'meeting room', 'parking'],
    views: 214,
  },
  {
    slug: 'jeddah-meeting-room',
    short: 'Corniche meeting room',
    title: 'Sea-view meeting room for 12 on the Corniche',
    description:
      'Bright boardroom with a 75-inch screen, video conferencing and coffee service. Ideal for client workshops and board meetings.',
    category: 'Office Space',
    price: 180,
    period: 'hour',
    location: 'Al Shati, Jeddah',
    tags: ['boardroom', 'video conferencing'],
    views: 132,
  },
  {
    slug: 'forklift',
    short: '3-ton forklift',
    title: 'Toyota 3-ton forklift with certified operator',
    description:
      'Diesel forklift for warehouse and yard work, delivered in the Second Industrial City. Operator with SASO certificate included on weekdays.',
    category: 'Equipment',
    price: 1200,
    period: 'week',
    location: 'Second Industrial City, Dammam',
    tags: ['warehouse', 'operator included'],
    views: 87,
  },
  {
    slug: 'surveying-kit',
    short: 'GNSS surveying kit',
    title: 'عدة مساحة ليكا GNSS — Leica GNSS surveying kit',
    description: 'جهاز مساحة دقيق مع حامل ثلاثي وجهاز تحكم، مناسب لمشاريع البناء والطرق. Calibrated this quarter; training video included.',
    category: 'Equipment',
    price: 450,
    period: 'day',
    location: 'Al Malaz, Riyadh',
    tags: ['construction', 'survey'],
    views: 45,
  },
  {
    slug: 'accountant',
    short: 'Bilingual accountant',
    title: 'Bilingual accountant (ZATCA e-invoicing) — part time',
    description:
      'Experienced SOCPA-certified accountant available for month-end closing, VAT returns and Fatoora e-invoicing setup. Arabic and English.',
    category: 'Human Resources',
    price: 6500,
    period: 'month',
    location: 'Remote / Jeddah',
    tags: ['finance', 'VAT', 'ZATCA'],
    views: 301,
  },
  {
    slug: 'delivery-vans',
    short: 'Refrigerated vans',
    title: 'Two refrigerated delivery vans — شاحنتا توصيل مبردتان',
    description:
      'Hyundai H100 refrigerated vans (2–8 °C) for food and pharma distribution inside Dammam, Khobar and Dhahran. Insurance included.',
    category: 'Vehicles',
    price: 420,
    period: 'day',
    location: 'Al Khobar, Dammam',
    tags: ['refrigerated', 'insurance included'],
    views: 98,
  },
  {
    slug: 'lease-template',
    short: 'Lease template (PDF)',
    title: 'Commercial office lease template (Arabic/English PDF)',
    description:
      'A bilingual commercial lease template reviewed for the Saudi Civil Transactions Law, with notes on Ejar registration. Instant download after payment.',
    category: 'Office Space',
    price: 49,
    period: 'month',
    location: 'Digital download',
    tags: ['template', 'legal', 'digital'],
    digital: true,
    views: 61,
  },
  {
    slug: 'event-bus',
    short: '30-seat coach',
    title: 'Executive 30-seat coach with driver',
    description:
      'Mercedes Tourismo coach with driver for staff transport, conferences and site visits across Riyadh. Wi-Fi and USB charging on board.',
    category: 'Vehicles',
    price: 900,
    period: 'day',
    location: 'Al Yasmin, Riyadh',
    tags: ['driver included', 'staff transport'],
    status: 'pending',
  },
];

/** Demo listings of the demo host (README); only when the host has none yet. Outside production only (seed.ts decides). */
export async function seedMarketplace(em: EntityManager, stores: Stores) {
  const host = await em.findOne(User, { email: 'host@mawarid.sa' });
  if (!host || (await em.count(Resource, { owner: host }))) return;
  // Through the store, so the demo pictures and file are where STORAGE keeps files (disk or bucket).
  const ensure = async (store: FileStore, key: string, data: () => string | Buffer) => {
    if ((await store.size(key)) === null) await store.put(key, Buffer.from(data()));
  };
  let digital: Resource | undefined;
  const files: Array<Promise<void>> = [];
  const day = 86_400_000;
  DEMOS.forEach((d, i) => {
    const key = `resources/seed/${d.slug}.svg`;
    files.push(ensure(stores.images, key, () => svg(d.category, d.short)));
    const r = em.create(Resource, {
      owner: host,
      title: d.title,
      description: d.description,
      category: d.category,
      price: d.price,
      period: d.period,
      location: d.location,
      tags: d.tags,
      imageKeys: [key],
      status: d.status ?? 'active',
      viewsCount: d.views ?? 0,
      createdAt: new Date(Date.now() - (DEMOS.length - i) * day),
      ...(d.digital
        ? {
            resourceType: 'digital' as const,
            fileFormat: 'pdf' as const,
            fileKey: `seed-${d.slug}.pdf`,
            fileName: 'commercial-lease-template.pdf',
          }
        : {}),
    });
    if (d.digital) {
      digital = r;
      files.push(ensure(stores.files, `seed-${d.slug}.pdf`, () => MINI_PDF));
    }
  });
  await Promise.all(files);
  // The demo user already bought the template, so its download works out of the box.
  const user = await em.findOne(User, { email: 'user@mawarid.sa' });
  if (user && digital) {
    const now = Date.now();
    em.create(Booking, {
      resource: digital,
      user,
      startDate: new Date(now - 2 * day),
      endDate: new Date(now + 28 * day),
      periods: 1,
      unitPrice: digital.price,
      totalAmount: digital.price,
      status: 'active',
      paymentStatus: 'paid',
      exclusive: false,
      createdAt: new Date(now - 2 * day),
    });
  }
  await em.flush();
}
