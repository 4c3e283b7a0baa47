import { Box } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Bar, CartesianGrid, Cell, ComposedChart, Legend, Line, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { dateLocale, PLATFORM_TIME_ZONE } from '@shared/dates';
import { formatSAR } from '../../lib/format';
import { categoryLabel } from '../../lib/labels';

export interface TrendPoint {
  bucketStart: string;
  revenue: number;
  paidBookings: number;
}
export interface CategoryPoint {
  category: string;
  bookings: number;
  percent: number;
}

const localeTag = (lng: string) => (lng === 'ar' ? 'ar-SA-u-nu-latn' : 'en-SA');

/**
 * The admin's buckets are whole UTC days, a host's whole Riyadh days (docs/decisions.md "Analytics"): each labelled in
 * its own zone, in the Gregorian calendar like every date.
 */
export function bucketLabel(iso: string, bucket: string, lng: string, timeZone = 'UTC'): string {
  const opts: Intl.DateTimeFormatOptions = bucket === 'month' ? { month: 'short', year: 'numeric' } : { month: 'short', day: 'numeric' };
  return new Intl.DateTimeFormat(dateLocale(lng), { ...opts, timeZone, calendar: 'gregory' }).format(new Date(iso));
}

/** One series of a trend chart: its data key, legend name and (for the bars) how its axis reads. */
interface Series {
  key: string;
  name: string;
  tick?: (v: number) => string;
  width?: number;
}

/**
 * Bars on the reading-start axis and a line on the other, per bucket: the frame both trend charts share. In Arabic
 * time runs right to left and the bars' axis sits on the right; the chart itself stays `dir="ltr"` (recharts
 * mirrors by `reversed`, not by the page's direction).
 */
function BarLineChart({
  points,
  bar,
  line,
  height,
  testId,
  formatValue,
}: {
  points: object[];
  bar: Series;
  line: Series;
  height: string;
  testId: string;
  formatValue?: (value: unknown, name: unknown) => string;
}) {
  const { i18n } = useTranslation();
  const rtl = i18n.dir() === 'rtl';
  const direction = rtl ? 'rtl' : 'ltr';
  return (
    <Box h={height} data-testid={testId} dir="ltr">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={points} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" reversed={rtl} tick={{ fontSize: 11 }} interval="preserveStartEnd" minTickGap={12} />
          <YAxis
            yAxisId={bar.key}
            orientation={rtl ? 'right' : 'left'}
            allowDecimals={!!bar.tick}
            tickFormatter={bar.tick}
            tick={{ fontSize: 11 }}
            width={bar.width ?? 40}
          />
          <YAxis yAxisId={line.key} orientation={rtl ? 'left' : 'right'} allowDecimals={false} tick={{ fontSize: 11 }} width={40} />
          <Tooltip formatter={formatValue} labelStyle={{ direction }} contentStyle={{ direction, textAlign: rtl ? 'right' : 'left' }} />
          <Legend wrapperStyle={{ direction }} />
          <Bar yAxisId={bar.key} dataKey={bar.key} name={bar.name} fill="#2c7a7b" radius={[3, 3, 0, 0]} isAnimationActive={false} />
          <Line
            yAxisId={line.key}
            dataKey={line.key}
            name={line.name}
            stroke="#dd6b20"
            strokeWidth={2}
            dot={false}
            type="monotone"
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </Box>
  );
}

/** Revenue per bucket (bars) with paid bookings (line). */
export function RevenueTrendChart({ data, bucket }: { data: TrendPoint[]; bucket: string }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const compact = new Intl.NumberFormat(localeTag(lng), { notation: 'compact', maximumFractionDigits: 1 });
  const revenue = t('analytics.revenueSeries');
  return (
    <BarLineChart
      points={data.map((d) => ({ ...d, label: bucketLabel(d.bucketStart, bucket, lng) }))}
      bar={{ key: 'revenue', name: revenue, tick: (v) => compact.format(v), width: i18n.dir() === 'rtl' ? 72 : 56 }}
      line={{ key: 'paidBookings', name: t('analytics.bookingsSeries') }}
      height="320px"
      testId="revenue-trend-chart"
      formatValue={(value, name) => (name === revenue ? formatSAR(Number(value), lng) : String(value))}
    />
  );
}

export interface HostTrendPoint {
  bucketStart: string;
  views: number;
  bookings: number;
}

/** A host's views (bars) and bookings (line) per Riyadh day, week or month. */
export function HostTrendChart({ data, bucket }: { data: HostTrendPoint[]; bucket: string }) {
  const { t, i18n } = useTranslation();
  return (
    <BarLineChart
      points={data.map((d) => ({ ...d, label: bucketLabel(d.bucketStart, bucket, i18n.language, PLATFORM_TIME_ZONE) }))}
      bar={{ key: 'views', name: t('analytics.host.views') }}
      line={{ key: 'bookings', name: t('analytics.host.bookings') }}
      height="300px"
      testId="host-trend-chart"
    />
  );
}

const COLORS = ['#2c7a7b', '#dd6b20', '#3182ce', '#805ad5', '#d69e2e'];

/** Share of the period's bookings per listing category. */
export function CategoryChart({ data }: { data: CategoryPoint[] }) {
  const { t, i18n } = useTranslation();
  const rtl = i18n.dir() === 'rtl';
  const points = data.map((d) => ({ ...d, name: categoryLabel(t, d.category) }));
  const share = new Intl.NumberFormat(localeTag(i18n.language), { maximumFractionDigits: 1 });
  return (
    <Box h="320px" data-testid="category-chart" dir="ltr">
      <ResponsiveContainer width="100%" height="100%">
        <PieChart>
          <Pie
            data={points}
            dataKey="bookings"
            nameKey="name"
            innerRadius="45%"
            outerRadius="75%"
            paddingAngle={2}
            isAnimationActive={false}
            label={({ payload }) => `${share.format((payload as CategoryPoint).percent)}%`}
          >
            {points.map((p, i) => (
              <Cell key={p.category} fill={COLORS[i % COLORS.length]} />
            ))}
          </Pie>
          <Tooltip contentStyle={{ direction: rtl ? 'rtl' : 'ltr' }} />
          <Legend wrapperStyle={{ direction: rtl ? 'rtl' : 'ltr' }} />
        </PieChart>
      </ResponsiveContainer>
    </Box>
  );
}
