import { errorMessage, translateServerMessage } from '../../lib/errors';

/** An admin rule's message that reaches the UI as text (an AI provider test's answer), in the UI language. */
export const adminMessage = (message: string): string => translateServerMessage(message);

/** A refusal in the UI language, by its message key (admin rules included: `admin.<key>`), else as the server wrote it. */
export const adminErrorMessage = (err: unknown, fallback: string): string => errorMessage(err, fallback);
