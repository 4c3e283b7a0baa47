import { STORAGE_KEYS } from '../config/env';

/** The stored session (spec section 9 storage keys: auth_token, user). */
export interface StoredUser {
  id: string;
  email: string;
  fullName: string;
  companyName?: string | null;
  phone?: string | null;
  role: string;
  status: string;
  emailVerified: boolean;
  locale?: string;
  createdAt?: string;
  vatNumber?: string | null;
  crNumber?: string | null;
  nationalAddress?: {
    buildingNumber: string;
    street: string;
    district: string;
    city: string;
    postalCode: string;
    additionalNumber?: string | null;
  } | null;
}

type Listener = () => void;
const listeners = new Set<Listener>();

export const session = {
  token(): string | null {
    return localStorage.getItem(STORAGE_KEYS.token);
  },
  user(): StoredUser | null {
    try {
      const raw = localStorage.getItem(STORAGE_KEYS.user);
      return raw ? (JSON.parse(raw) as StoredUser) : null;
    } catch {
      return null;
    }
  },
  set(token: string, user: StoredUser) {
    localStorage.setItem(STORAGE_KEYS.token, token);
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    listeners.forEach((l) => l());
  },
  setUser(user: StoredUser) {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    listeners.forEach((l) => l());
  },
  clear() {
    localStorage.removeItem(STORAGE_KEYS.token);
    localStorage.removeItem(STORAGE_KEYS.user);
    listeners.forEach((l) => l());
  },
  subscribe(l: Listener) {
    listeners.add(l);
    return () => void listeners.delete(l);
  },
};
