/**
 * Title and description of each public page, in both languages. One table for both sides: the client sets
 * them as the visitor navigates (lib/page-meta.ts), the server writes them into the HTML shell it serves
 * (modules/public-pages/page-shell.ts) so crawlers and link previews see real content without JavaScript.
 */
import type { Locale } from './locale.js';

export interface PageMetaText {
  title: string;
  description: string;
}

export const SITE_NAME: Record<Locale, string> = { en: 'Mawarid', ar: 'موارد' };

export const PAGE_META: Record<string, Record<Locale, PageMetaText>> = {
  '/': {
    en: {
      title: 'Share business resources and get expert advice',
      description:
        'Mawarid lets Saudi businesses book and list office space, equipment, skilled people and vehicles, and request legal and business consulting online.',
    },
    ar: {
      title: 'شارك موارد أعمالك واحصل على استشارة الخبراء',
      description:
        'موارد تتيح للشركات السعودية حجز وعرض المكاتب والمعدات والكفاءات والمركبات، وطلب الاستشارات القانونية واستشارات الأعمال عبر الإنترنت.',
    },
  },
  '/about': {
    en: {
      title: 'About us',
      description:
        'Who we are and why we built Mawarid: a Saudi platform for sharing business resources, with legal and business advisory services.',
    },
    ar: {
      title: 'من نحن',
      description: 'من نحن ولماذا أنشأنا موارد: منصة سعودية لمشاركة موارد الأعمال مع خدمات استشارية قانونية وتجارية.',
    },
  },
  '/services': {
    en: {
      title: 'Business services',
      description:
        'Logistics, resource optimization, strategy, operational efficiency, sustainability and market entry consulting for Saudi businesses.',
    },
    ar: {
      title: 'خدمات الأعمال',
      description: 'استشارات اللوجستيات وتحسين استغلال الموارد والاستراتيجية والكفاءة التشغيلية والاستدامة ودخول السوق للشركات السعودية.',
    },
  },
  '/contact': {
    en: {
      title: 'Contact us',
      description: 'Send Mawarid an inquiry about sharing resources or legal consultancy. Address, phone, email and business hours.',
    },
    ar: {
      title: 'تواصل معنا',
      description: 'أرسل إلى موارد استفساراً عن مشاركة الموارد أو الاستشارات القانونية. العنوان والهاتف والبريد الإلكتروني وساعات العمل.',
    },
  },
  '/resources': {
    en: {
      title: 'Resources marketplace',
      description: 'Book office space, equipment, human resources and vehicles from businesses across Saudi Arabia, priced in SAR.',
    },
    ar: {
      title: 'سوق الموارد',
      description: 'احجز المكاتب والمعدات والموارد البشرية والمركبات من شركات في جميع أنحاء المملكة بأسعار بالريال.',
    },
  },
  '/legal': {
    en: {
      title: 'Legal services',
      description: 'Corporate law, contract review, regulatory compliance and legal consultations for businesses in Saudi Arabia.',
    },
    ar: {
      title: 'الخدمات القانونية',
      description: 'قانون الشركات ومراجعة العقود والامتثال التنظيمي والاستشارات القانونية للشركات في المملكة العربية السعودية.',
    },
  },
  '/legal/corporate-law': {
    en: {
      title: 'Corporate law',
      description: 'Set up, run and change your company on a sound legal footing under the Saudi Companies Law.',
    },
    ar: { title: 'قانون الشركات', description: 'أسس شركتك وأدرها وطوّرها على أساس قانوني سليم وفق نظام الشركات السعودي.' },
  },
  '/legal/contract-review': {
    en: {
      title: 'Contract review',
      description: 'Know what you sign: clear, fair contracts reviewed and drafted in Arabic and English to protect your business.',
    },
    ar: { title: 'مراجعة العقود', description: 'اعرف ما توقّع عليه: عقود واضحة وعادلة نراجعها ونصيغها بالعربية والإنجليزية لحماية أعمالك.' },
  },
  '/legal/compliance': {
    en: {
      title: 'Compliance',
      description:
        'Meet Saudi regulatory requirements with confidence, from the Personal Data Protection Law to licensing and labour rules.',
    },
    ar: {
      title: 'الامتثال',
      description: 'استوفِ المتطلبات التنظيمية السعودية بثقة، من نظام حماية البيانات الشخصية إلى التراخيص وأنظمة العمل.',
    },
  },
  '/legal/legal-consultation': {
    en: {
      title: 'Legal consultation',
      description: 'Request a confidential session with one of our legal advisors. We contact you within 24 hours.',
    },
    ar: { title: 'استشارة قانونية', description: 'اطلب جلسة سرية مع أحد مستشارينا القانونيين، ونتواصل معك خلال 24 ساعة.' },
  },
  '/privacy': {
    en: {
      title: 'Privacy Policy',
      description:
        'How Mawarid collects, uses, keeps and protects personal data, in line with the Saudi Personal Data Protection Law (PDPL).',
    },
    ar: {
      title: 'سياسة الخصوصية',
      description: 'كيف تجمع موارد البيانات الشخصية وتستخدمها وتحتفظ بها وتحميها، وفق نظام حماية البيانات الشخصية في المملكة.',
    },
  },
  '/terms': {
    en: {
      title: 'Terms of Service',
      description: 'The rules for using Mawarid to list and book business resources and to request advisory services.',
    },
    ar: { title: 'شروط الخدمة', description: 'قواعد استخدام موارد لعرض موارد الأعمال وحجزها وطلب الخدمات الاستشارية.' },
  },
  '/cookies': {
    en: { title: 'Cookie Policy', description: 'Which cookies and local storage Mawarid uses and how you can control them.' },
    ar: { title: 'سياسة ملفات تعريف الارتباط', description: 'ملفات تعريف الارتباط والتخزين المحلي التي تستخدمها موارد وكيف تتحكم بها.' },
  },
};

export const metaLocale = (lng: string | undefined | null): Locale => (lng && lng.toLowerCase().startsWith('ar') ? 'ar' : 'en');

/** The meta of a known public path (trailing slash ignored), else undefined. */
export function pageMeta(path: string, lng: string | undefined | null): PageMetaText | undefined {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return PAGE_META[clean]?.[metaLocale(lng)];
}

export const fullTitle = (title: string, lng: string | undefined | null) => `${title} | ${SITE_NAME[metaLocale(lng)]}`;
