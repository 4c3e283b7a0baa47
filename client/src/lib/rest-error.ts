/** An answer of the REST adapter that is not 2xx; `message` is the server's detail. */
export class RestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The request field the refusal is about (the rule's path, camelCase as the form names it), when the server names one. */
    readonly field?: string,
    /** The message's key in the shared catalogue (`message_key`), to translate it by. */
    readonly messageKey?: string,
  ) {
    super(message);
  }
}
