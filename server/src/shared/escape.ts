const HTML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text placed in HTML or XML (element content or a quoted attribute): the five characters that could end it. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML[c]!);

/** Text searched for with SQL `LIKE` (the default escape character, backslash): its wildcards match themselves. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
