/** The one halala-rounding helper lives in shared (the client and the pricing rules use it too). */
export * from '../../shared/money.js';
