import { CombinedGraphQLErrors, ServerError } from '@apollo/client';
import i18n from './i18n';

/** The server's message when it sent one (spec section 8: "a server detail message replaces the default"). */
export function errorMessage(error: unknown, fallback: string): string {
  if (CombinedGraphQLErrors.is(error)) {
    const e = error.errors[0];
    if (e && e.extensions?.code !== 'INTERNAL_SERVER_ERROR') return translateServerMessage(e.message);
    return fallback;
  }
  if (error instanceof TypeError || ServerError.is(error)) return i18n.t('common.networkError');
  return fallback;
}

/**
 * Server messages are English (the API contract). Those the UI shows often have an Arabic rendering here;
 * others are shown as the server wrote them.
 */
const SERVER_MESSAGES_AR: Record<string, string> = {
  'Please fill in all required fields': 'يرجى تعبئة جميع الحقول المطلوبة',
  'Please enter a valid email address': 'يرجى إدخال بريد إلكتروني صحيح',
  'Password must be at least 8 characters': 'يجب ألا تقل كلمة المرور عن 8 أحرف',
  'Password must be at most 128 characters': 'يجب ألا تزيد كلمة المرور عن 128 حرفاً',
  'Invalid email or password': 'البريد الإلكتروني أو كلمة المرور غير صحيحة',
  'An account with this email already exists': 'يوجد حساب مسجل بهذا البريد الإلكتروني',
  'Your account is suspended. Please contact support.': 'حسابك موقوف. يرجى التواصل مع الدعم.',
  'Your account is inactive. Please contact support.': 'حسابك غير نشط. يرجى التواصل مع الدعم.',
  'Too many login attempts. Please try again later.': 'محاولات تسجيل دخول كثيرة. يرجى المحاولة لاحقاً.',
  'Too many verification emails requested. Please try again later.': 'طلبات كثيرة لرسائل التأكيد. يرجى المحاولة لاحقاً.',
  'Invalid verification link': 'رابط التأكيد غير صالح',
  'Verification link has expired': 'انتهت صلاحية رابط التأكيد',
  'If an account with that email needs verification, a new link has been sent.': 'إذا كان هناك حساب بهذا البريد يحتاج إلى تأكيد، فقد أرسلنا رابطاً جديداً.',
  'Please enter a valid phone number': 'يرجى إدخال رقم جوال صحيح',
  'Authentication required': 'يلزم تسجيل الدخول',
  'Please fill in all card details': 'يرجى تعبئة جميع بيانات البطاقة',
  'Invalid card number': 'رقم البطاقة غير صحيح',
  'Invalid CVV': 'رمز التحقق غير صحيح',
  'Invalid expiry date': 'تاريخ الانتهاء غير صحيح',
  'This card has expired': 'انتهت صلاحية هذه البطاقة',
  'Email verification required for payments': 'يلزم تأكيد البريد الإلكتروني لإتمام المدفوعات',
  'This booking is already paid': 'تم دفع هذا الحجز مسبقاً',
  'This booking was cancelled and can no longer be paid': 'أُلغي هذا الحجز ولم يعد بالإمكان دفعه',
  'This booking can no longer be paid': 'لم يعد بالإمكان دفع هذا الحجز',
  'A payment for this booking is already in progress': 'هناك عملية دفع جارية لهذا الحجز',
  'Insufficient funds': 'رصيد غير كافٍ',
  'Payment failed': 'فشل الدفع',
  'The hold on this booking expired before it was paid. Please book again.': 'انتهت مدة حجز هذه التواريخ قبل الدفع. يرجى الحجز من جديد.',
  'A payment for this booking is already open on the payment page. Complete it there, or try again in a few minutes.':
    'هناك عملية دفع مفتوحة لهذا الحجز في صفحة الدفع. أكملها هناك، أو حاول مجدداً بعد بضع دقائق.',
  'We could not confirm your payment with the bank yet. Do not pay again: your booking updates as soon as the payment gateway answers.':
    'لم نتمكن بعد من تأكيد دفعتك مع البنك. لا تدفع مرة أخرى: سيتحدّث حجزك فور وصول رد بوابة الدفع.',
  'This payment arrived after the booking was cancelled and its dates were no longer available. A full refund is due.':
    'وصلت هذه الدفعة بعد إلغاء الحجز ولم تعد تواريخه متاحة. سيُعاد إليك المبلغ كاملاً.',
  'This booking was already paid by another payment; refund required': 'سبق دفع هذا الحجز بدفعة أخرى؛ سيُعاد مبلغ هذه الدفعة.',
  'The payment session expired before the payment was completed': 'انتهت جلسة الدفع قبل إتمام الدفع',
  'Insufficient Funds': 'رصيد غير كافٍ',
};

export function translateServerMessage(message: string): string {
  return i18n.language === 'ar' ? (SERVER_MESSAGES_AR[message] ?? message) : message;
}
