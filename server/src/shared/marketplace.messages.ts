/**
 * The marketplace's limits, values and messages without its schemas: zod-free, so the client's first page can
 * translate a server message by key (server-messages.ts) without loading zod. marketplace.rules.ts re-exports them.
 */
import { BIDI_CONTROLS_MESSAGE } from './bidi.js';

export const CATEGORIES = ['Office Space', 'Equipment', 'Human Resources', 'Vehicles'] as const;
export const PERIODS = ['hour', 'day', 'week', 'month'] as const;
/** `withdrawn`: hidden because its host may no longer list (demoted); it returns if they are made a host again. */
export const RESOURCE_STATUSES = ['pending', 'active', 'rejected', 'draft', 'withdrawn'] as const;
export const BOOKING_STATUSES = ['pending', 'confirmed', 'active', 'completed', 'cancelled'] as const;
/** A booking's (and a service booking's) payment status. */
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'refunded'] as const;
/** physical: booked by dates; digital: a file, bought and downloaded. */
export const RESOURCE_TYPES = ['physical', 'digital'] as const;
/** Formats a digital resource may have; the server checks the file's first bytes against the format. */
export const FILE_FORMATS = ['pdf', 'zip', 'docx', 'xlsx', 'pptx', 'csv', 'txt'] as const;
export const SORTS = ['newest', 'price_asc', 'price_desc', 'popular'] as const;

export type Category = (typeof CATEGORIES)[number];
export type Period = (typeof PERIODS)[number];
export type ResourceStatus = (typeof RESOURCE_STATUSES)[number];
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export type ResourceType = (typeof RESOURCE_TYPES)[number];
export type FileFormat = (typeof FILE_FORMATS)[number];

export const MARKET_LIMITS = {
  titleMax: 100,
  descriptionMax: 1000,
  locationMax: 200,
  maxImages: 5,
  imageMaxBytes: 5 * 1024 * 1024, // 5242880 (spec section 9)
  fileMaxBytes: 10 * 1024 * 1024,
  /**
   * Per period, before VAT. The largest booking total is priceMax × the most periods a booking can span (hourly over
   * bookingMaxDays: 8,784) × 1.15 VAT = 9,091,584,000 SAR, inside the amount columns' numeric(12,2)
   * (totalMax) and, in halalas, far inside Number.MAX_SAFE_INTEGER (a test checks both).
   */
  priceMax: 900_000,
  /** The amount columns are numeric(12,2): the largest amount they hold, in SAR. */
  totalMax: 9_999_999_999.99,
  /** The longest booking. */
  bookingMaxDays: 366,
  /** Dates are accepted from the start of this year to the end of the next limit (Riyadh time). */
  yearMin: 2000,
  yearMax: 2100,
  tagsMax: 10,
  tagMax: 40,
  reasonMax: 500,
  pageSizeMax: 50,
  pageSizeDefault: 12,
  searchMax: 100,
  /** Unpaid pending bookings one user may hold at once (holds block dates for others). */
  maxUnpaidHolds: 5,
} as const;

/** Booking lengths used for pricing: a started period counts whole. A month is 30 days. */
export const PERIOD_MS: Record<Period, number> = {
  hour: 3_600_000,
  day: 86_400_000,
  week: 7 * 86_400_000,
  month: 30 * 86_400_000,
};

export const MARKET_MESSAGES = {
  requiredFields: 'Please fill in all required fields',
  pricePositive: 'Price must be greater than 0',
  priceDecimals: 'Price can have at most 2 decimal places',
  priceTooHigh: 'Price can be at most 900,000 SAR per period',
  priceInvalid: 'Price must be a number, such as 150 or 99.50',
  totalTooHigh: "This booking's total is too high. Please choose fewer dates.",
  dateOutOfRange: 'Dates must be between the years 2000 and 2100',
  bidiControls: BIDI_CONTROLS_MESSAGE,
  titleTooLong: `Title must be at most ${MARKET_LIMITS.titleMax} characters`,
  descriptionTooLong: `Description must be at most ${MARKET_LIMITS.descriptionMax} characters`,
  locationTooLong: `Location must be at most ${MARKET_LIMITS.locationMax} characters`,
  invalidCategory: `Category must be one of: ${CATEGORIES.join(', ')}`,
  invalidPeriod: `Pricing period must be one of: ${PERIODS.join(', ')}`,
  maxImages: 'Maximum 5 images allowed',
  imageTooLarge: (file: string) => `${file} is too large. Max size is 5MB`,
  invalidImage: (file: string) => `${file} is not a supported image (JPEG, PNG, WebP or GIF)`,
  fileRequired: 'Please attach the file of a digital resource',
  invalidFile: 'The file does not match its format',
  fileTooLarge: 'The file is too large. Max size is 10MB',
  invalidFileFormat: `File format must be one of: ${FILE_FORMATS.join(', ')}`,
  resourceNotFound: 'Resource not found',
  notPending: 'Only pending resources can be approved or rejected',
  reasonNotText: 'The reason must be text',
  reasonTooLong: `Reason must be at most ${MARKET_LIMITS.reasonMax} characters`,
  onlyActiveEditable: 'Only active resources can be edited',
  noPendingChanges: 'This listing has no changes awaiting review',
  reviewChangesFirst: "Approve or reject the host's changes awaiting review before editing this listing",
  hasUpcomingBookings: 'This resource has upcoming paid or confirmed bookings and cannot be deleted. Cancel or complete them first.',
  hostRequired: 'You need to be a host/seller to list resources',
  loginToBook: 'Please login to book resources',
  loginToDownload: 'Please login to download resources',
  selectDates: 'Please select start and end dates',
  invalidDate: 'Please enter a valid date',
  startInPast: 'Start date cannot be in the past',
  periodPassed: 'These dates have already passed: choose an end that is still ahead',
  endBeforeStart: 'End date must be after start date',
  tooLong: 'Bookings can be at most one year long',
  notBookable: 'This resource is not available for booking',
  alreadyBooked: 'These dates are already booked. Please choose other dates.',
  bookingNotFound: 'Booking not found',
  cannotCancel: 'Only pending or confirmed bookings can be cancelled',
  notDigital: 'This resource has no file to download',
  downloadForbidden: 'Book and pay for this resource to download it',
  downloadLinkInvalid: 'This download link is invalid or has expired',
  ownBooking: 'You cannot book your own resource',
  tooManyHolds: 'You have too many unpaid bookings. Pay for or cancel one before booking again.',
} as const;
