export const USER_TOPICS = {
  /** The user's own account changed (verified, profile, role, status). */
  userChanged: 'USER_CHANGED',
} as const;

export interface UserChangedEvent {
  userId: string;
}
