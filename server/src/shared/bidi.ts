/**
 * Bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069). In a name, title or file
 * name they reorder what is shown (an override makes "report‮gnp.exe" read as "reportexe.png"), and no real name
 * needs them: Arabic and English mix correctly without them (the marks U+200E/U+200F stay allowed).
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;
export const BIDI_CONTROLS_MESSAGE = 'Names and titles cannot contain text-direction control characters';
/** For `.refine`: true when the text has no bidi embedding/override/isolate control. */
export const noBidiControls = (s: string) => !BIDI_CONTROLS.test(s);
