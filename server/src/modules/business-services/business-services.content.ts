/**
 * Content of the six business services, in English and Arabic. This is product content, not demo data:
 * `syncServiceContent` writes it to the `services` table at every start (production included), so an edit
 * here reaches the database on the next deploy.
 */
interface ProcessStepContent {
  step: number;
  title: string;
  description: string;
}

export interface ServiceContent {
  title: string;
  description: string;
  details: string;
  benefits: string[];
  process_steps: ProcessStepContent[];
}

export interface ServiceRecord {
  id: string;
  icon: string;
  image: string | null;
  content: { en: ServiceContent; ar: ServiceContent };
}

const steps = (items: Array<[string, string]>): ProcessStepContent[] =>
  items.map(([title, description], i) => ({ step: i + 1, title, description }));

export const BUSINESS_SERVICES: ServiceRecord[] = [
  {
    id: 'logistics',
    icon: 'Truck',
    image: '/images/services/logistics.svg',
    content: {
      en: {
        title: 'Logistics Solutions',
        description: 'Share fleets, warehouse space and delivery capacity with other businesses to move goods across the Kingdom for less.',
        details:
          'Many Saudi companies run trucks half empty and pay for warehouse space they only need in peak season. We map your routes, storage and delivery windows, match them with partners on the Mawarid marketplace who have spare capacity or complementary demand, and set up the agreements, schedules and tracking so shared logistics runs as reliably as your own.',
        benefits: [
          'Lower cost per shipment through shared loads and back-hauls',
          'Flexible warehouse space in Riyadh, Jeddah, Dammam and beyond without long leases',
          'Fewer empty kilometres and lower fuel use',
          'Clear service levels and tracking agreed with every partner',
        ],
        process_steps: steps([
          ['Assess', 'We review your routes, volumes, storage and seasonal peaks.'],
          ['Match', 'We find partners with spare fleet or warehouse capacity that fits your lanes.'],
          ['Agree', 'We draft the sharing agreement, pricing and service levels with both sides.'],
          ['Run and review', 'We track cost and on-time delivery monthly and adjust the set-up.'],
        ]),
      },
      ar: {
        title: 'الحلول اللوجستية',
        description: 'شارك أساطيل النقل ومساحات المستودعات وطاقة التوصيل مع شركات أخرى لنقل بضائعك داخل المملكة بتكلفة أقل.',
        details:
          'كثير من الشركات السعودية تسيّر شاحناتها بنصف حمولة وتدفع إيجار مستودعات لا تحتاجها إلا في المواسم. نحلل مساراتك ومخزونك ومواعيد التسليم، ثم نطابقها مع شركاء في سوق موارد لديهم طاقة فائضة أو طلب مكمّل، ونجهّز الاتفاقيات والجداول وأدوات التتبع ليعمل النقل المشترك بموثوقية أسطولك الخاص.',
        benefits: [
          'تكلفة أقل لكل شحنة عبر الحمولات المشتركة ورحلات العودة',
          'مساحات تخزين مرنة في الرياض وجدة والدمام وغيرها دون عقود طويلة',
          'كيلومترات فارغة أقل واستهلاك وقود أقل',
          'مستويات خدمة وتتبع واضحة متفق عليها مع كل شريك',
        ],
        process_steps: steps([
          ['التقييم', 'نراجع مساراتك وأحجامك ومخزونك ومواسم الذروة لديك.'],
          ['المطابقة', 'نجد شركاء لديهم أسطول أو مستودعات فائضة تناسب مساراتك.'],
          ['الاتفاق', 'نعدّ اتفاقية المشاركة والتسعير ومستويات الخدمة مع الطرفين.'],
          ['التشغيل والمراجعة', 'نتابع التكلفة والالتزام بمواعيد التسليم شهرياً ونحسّن الترتيب.'],
        ]),
      },
    },
  },
  {
    id: 'resource-optimization',
    icon: 'Gauge',
    image: '/images/services/resource-optimization.svg',
    content: {
      en: {
        title: 'Resource Optimization',
        description: 'Find the offices, equipment and people you are paying for but not using, and turn them into income or savings.',
        details:
          'We audit how your assets are actually used — desks, meeting rooms, machinery, vehicles and specialist staff time — and build a plan for each idle resource: list it on Mawarid for other businesses to book, share it with a sister company, or release it. You get a utilisation baseline, a list of quick wins and a dashboard to follow the results.',
        benefits: [
          'A clear picture of utilisation across sites and departments',
          'New revenue from idle assets listed on the marketplace',
          'Lower fixed costs without cutting capability',
          'Decisions based on measured use, not estimates',
        ],
        process_steps: steps([
          ['Inventory', 'We list your assets and collect booking, access and usage data.'],
          ['Measure', 'We establish utilisation per resource and find the idle capacity.'],
          ['Plan', 'For each idle resource we recommend list, share or release, with the expected return.'],
          ['Implement', 'We help you list resources on Mawarid and track income and savings.'],
        ]),
      },
      ar: {
        title: 'تحسين استغلال الموارد',
        description: 'اكتشف المكاتب والمعدات والكفاءات التي تدفع تكلفتها ولا تستخدمها، وحوّلها إلى دخل أو وفر.',
        details:
          'ندقق في الاستخدام الفعلي لأصولك — المكاتب وقاعات الاجتماعات والآلات والمركبات ووقت الكفاءات المتخصصة — ونضع خطة لكل مورد غير مستغل: عرضه في موارد لتحجزه شركات أخرى، أو مشاركته مع شركة شقيقة، أو الاستغناء عنه. تحصل على خط أساس لنسب الاستغلال وقائمة بالمكاسب السريعة ولوحة لمتابعة النتائج.',
        benefits: [
          'صورة واضحة لنسب الاستغلال في جميع المواقع والإدارات',
          'دخل جديد من الأصول غير المستغلة المعروضة في السوق',
          'تكاليف ثابتة أقل دون التفريط في القدرات',
          'قرارات مبنية على استخدام مُقاس لا على تقديرات',
        ],
        process_steps: steps([
          ['الحصر', 'نحصر أصولك ونجمع بيانات الحجز والدخول والاستخدام.'],
          ['القياس', 'نحدد نسبة استغلال كل مورد ونكشف الطاقة غير المستغلة.'],
          ['التخطيط', 'نوصي لكل مورد بالعرض أو المشاركة أو الاستغناء مع العائد المتوقع.'],
          ['التنفيذ', 'نساعدك على عرض مواردك في موارد ونتابع الدخل والوفر.'],
        ]),
      },
    },
  },
  {
    id: 'strategic-consulting',
    icon: 'Target',
    image: '/images/services/strategic-consulting.svg',
    content: {
      en: {
        title: 'Strategic Consulting',
        description: 'Set a clear direction for growth, aligned with Vision 2030 opportunities and your own strengths.',
        details:
          'Our consultants work with your leadership team to understand where the business stands, where the market is heading and which opportunities fit your capabilities. The result is a focused strategy with priorities, owners, budgets and measurable targets — and a quarterly review so it stays alive after the workshop ends.',
        benefits: [
          'A strategy your leadership agrees on and can explain',
          'Priorities tied to budgets, owners and targets',
          'Opportunities from Vision 2030 programmes identified early',
          'Regular reviews that keep execution on track',
        ],
        process_steps: steps([
          ['Diagnose', 'Interviews, financials and market data show where you stand today.'],
          ['Explore', 'We assess growth options and test them against your strengths.'],
          ['Decide', 'A leadership workshop agrees priorities, targets and owners.'],
          ['Execute', 'We set up the roadmap and review progress every quarter.'],
        ]),
      },
      ar: {
        title: 'الاستشارات الاستراتيجية',
        description: 'حدد اتجاهاً واضحاً للنمو يتوافق مع فرص رؤية 2030 ونقاط قوتك.',
        details:
          'يعمل مستشارونا مع فريق القيادة لديك لفهم وضع الشركة واتجاه السوق والفرص التي تناسب قدراتك. النتيجة استراتيجية مركزة بأولويات ومسؤولين وميزانيات وأهداف قابلة للقياس، مع مراجعة ربع سنوية لتبقى الخطة حية بعد انتهاء ورشة العمل.',
        benefits: [
          'استراتيجية تتفق عليها القيادة وتستطيع شرحها',
          'أولويات مرتبطة بالميزانيات والمسؤولين والأهداف',
          'رصد مبكر للفرص في برامج رؤية 2030',
          'مراجعات دورية تبقي التنفيذ على المسار',
        ],
        process_steps: steps([
          ['التشخيص', 'المقابلات والبيانات المالية وبيانات السوق توضح وضعك الحالي.'],
          ['الاستكشاف', 'نقيّم خيارات النمو ونختبرها مقابل نقاط قوتك.'],
          ['القرار', 'ورشة عمل للقيادة تعتمد الأولويات والأهداف والمسؤولين.'],
          ['التنفيذ', 'نعدّ خارطة الطريق ونراجع التقدم كل ربع سنة.'],
        ]),
      },
    },
  },
  {
    id: 'operational-efficiency',
    icon: 'Settings',
    image: '/images/services/operational-efficiency.svg',
    content: {
      en: {
        title: 'Operational Efficiency',
        description: 'Streamline processes, remove waste and get more done with the team and tools you already have.',
        details:
          'We walk through your core processes with the people who run them — from purchase order to delivery, from hiring to payroll — and measure where time and money are lost. Together we redesign the steps, automate the repetitive ones and set simple indicators, so improvements show up in the numbers within weeks.',
        benefits: [
          'Shorter cycle times for orders, approvals and deliveries',
          'Less rework and fewer manual hand-offs',
          'Simple indicators every team can follow',
          'Improvements owned by your own staff',
        ],
        process_steps: steps([
          ['Map', 'We map the current process with the people who run it.'],
          ['Measure', 'We measure time, cost and errors at each step.'],
          ['Redesign', 'We remove waste, automate repetitive work and agree new standards.'],
          ['Sustain', 'Indicators and short reviews keep the gains in place.'],
        ]),
      },
      ar: {
        title: 'الكفاءة التشغيلية',
        description: 'بسّط الإجراءات وتخلص من الهدر وأنجز أكثر بالفريق والأدوات المتاحة لديك.',
        details:
          'نمر على إجراءاتك الأساسية مع من يديرونها — من أمر الشراء إلى التسليم، ومن التوظيف إلى الرواتب — ونقيس أين يضيع الوقت والمال. ثم نعيد معاً تصميم الخطوات ونؤتمت المتكرر منها ونضع مؤشرات بسيطة، لتظهر التحسينات في الأرقام خلال أسابيع.',
        benefits: [
          'زمن أقصر للطلبات والموافقات والتسليم',
          'إعادة عمل أقل وتسليمات يدوية أقل',
          'مؤشرات بسيطة يتابعها كل فريق',
          'تحسينات يتبناها موظفوك أنفسهم',
        ],
        process_steps: steps([
          ['الرسم', 'نرسم الإجراء الحالي مع من يديرونه.'],
          ['القياس', 'نقيس الوقت والتكلفة والأخطاء في كل خطوة.'],
          ['إعادة التصميم', 'نزيل الهدر ونؤتمت العمل المتكرر ونعتمد معايير جديدة.'],
          ['الاستدامة', 'مؤشرات ومراجعات قصيرة تحافظ على المكاسب.'],
        ]),
      },
    },
  },
  {
    id: 'sustainability',
    icon: 'Leaf',
    image: '/images/services/sustainability.svg',
    content: {
      en: {
        title: 'Sustainability Consulting',
        description: 'Cut waste and emissions by sharing resources, and report your progress with confidence.',
        details:
          "Sharing what already exists is one of the simplest ways to reduce a company's footprint. We measure your baseline energy use, waste and emissions, identify where sharing space, equipment and transport makes the biggest difference, and help you set targets and report them in line with the Saudi Green Initiative and your stakeholders' expectations.",
        benefits: [
          'A measured baseline for energy, waste and emissions',
          'Savings and sustainability gains from the same actions',
          'Targets aligned with the Saudi Green Initiative',
          'Reporting your investors and clients can trust',
        ],
        process_steps: steps([
          ['Baseline', 'We measure energy, waste, water and transport emissions.'],
          ['Prioritise', 'We rank actions by impact and cost, starting with shared resources.'],
          ['Act', 'We help you implement the actions and set targets.'],
          ['Report', 'We prepare clear progress reports for management and stakeholders.'],
        ]),
      },
      ar: {
        title: 'استشارات الاستدامة',
        description: 'قلّل الهدر والانبعاثات بمشاركة الموارد، وأعلن عن تقدمك بثقة.',
        details:
          'مشاركة ما هو موجود أصلاً من أبسط الطرق لتقليل الأثر البيئي للشركة. نقيس خط الأساس لاستهلاك الطاقة والنفايات والانبعاثات، ونحدد أين تُحدث مشاركة المساحات والمعدات والنقل الفرق الأكبر، ونساعدك على وضع الأهداف والإفصاح عنها بما يتوافق مع مبادرة السعودية الخضراء وتوقعات أصحاب المصلحة.',
        benefits: [
          'خط أساس مُقاس للطاقة والنفايات والانبعاثات',
          'وفر مالي ومكاسب بيئية من الإجراءات نفسها',
          'أهداف متوافقة مع مبادرة السعودية الخضراء',
          'تقارير يثق بها المستثمرون والعملاء',
        ],
        process_steps: steps([
          ['خط الأساس', 'نقيس الطاقة والنفايات والمياه وانبعاثات النقل.'],
          ['الأولويات', 'نرتب الإجراءات حسب الأثر والتكلفة بدءاً بمشاركة الموارد.'],
          ['التنفيذ', 'نساعدك على تنفيذ الإجراءات ووضع الأهداف.'],
          ['الإفصاح', 'نعدّ تقارير تقدم واضحة للإدارة وأصحاب المصلحة.'],
        ]),
      },
    },
  },
  {
    id: 'market-entry',
    icon: 'Globe',
    image: '/images/services/market-entry.svg',
    content: {
      en: {
        title: 'Market Entry Support',
        description: 'Enter or expand in the Saudi market with the right structure, licences, partners and resources from day one.',
        details:
          'For foreign companies entering the Kingdom and Saudi companies opening new regions, we combine market research, regulatory guidance and practical set-up: choosing the legal structure, obtaining MISA and commercial registrations, finding local partners, and booking ready-to-use offices, equipment and staff through Mawarid so you can start operating before committing to long-term costs.',
        benefits: [
          'Market and competitor insight before you invest',
          'Guidance through MISA, commercial registration and licensing',
          'Ready offices, equipment and people without long commitments',
          'Introductions to vetted local partners',
        ],
        process_steps: steps([
          ['Research', 'We size the market, the competition and the regulatory requirements.'],
          ['Structure', 'We recommend the legal structure and licensing path.'],
          ['Set up', 'We arrange registrations, partners and shared resources on Mawarid.'],
          ['Launch', 'We support your first months of operation and adjust the plan.'],
        ]),
      },
      ar: {
        title: 'دعم دخول السوق',
        description: 'ادخل السوق السعودي أو توسع فيه بالهيكل والتراخيص والشركاء والموارد المناسبة من اليوم الأول.',
        details:
          'للشركات الأجنبية التي تدخل المملكة وللشركات السعودية التي تفتح في مناطق جديدة، نجمع بين دراسة السوق والإرشاد التنظيمي والتأسيس العملي: اختيار الكيان القانوني، واستخراج ترخيص وزارة الاستثمار والسجل التجاري، وإيجاد الشركاء المحليين، وحجز مكاتب ومعدات وكفاءات جاهزة عبر موارد لتبدأ العمل قبل الالتزام بتكاليف طويلة الأجل.',
        benefits: [
          'فهم للسوق والمنافسين قبل أن تستثمر',
          'إرشاد في ترخيص وزارة الاستثمار والسجل التجاري والتراخيص الأخرى',
          'مكاتب ومعدات وكفاءات جاهزة دون التزامات طويلة',
          'تعريف بشركاء محليين موثوقين',
        ],
        process_steps: steps([
          ['الدراسة', 'نقدّر حجم السوق والمنافسة والمتطلبات التنظيمية.'],
          ['الهيكلة', 'نوصي بالكيان القانوني ومسار الترخيص.'],
          ['التأسيس', 'نرتب التسجيل والشركاء والموارد المشتركة عبر موارد.'],
          ['الانطلاق', 'ندعم أشهر التشغيل الأولى ونعدّل الخطة.'],
        ]),
      },
    },
  },
];
