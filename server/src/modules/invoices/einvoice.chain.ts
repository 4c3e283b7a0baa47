import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { signInvoice, type EInvoiceInput, type StampKey } from '../../integrations/zatca/invoice.js';

/** What a document is about: everything but its place in the chain (uuid, ICV, PIH), which the chain gives. */
export type ChainedDocument = Omit<EInvoiceInput, 'uuid' | 'icv' | 'pih'> & {
  /**
   * What it e-invoices, exactly one of: a payment (the buyer's invoice; with `refundId`, the refund's credit note), a
   * commission invoice, or a commission credit note to a host (a database check holds it).
   */
  paymentId: string | null;
  refundId: string | null;
  commissionInvoiceId?: string | null;
  commissionCreditNoteId?: string | null;
  environment: 'simulation' | 'production';
  /** A rejected document this one corrects: it is marked superseded in the same transaction. */
  replaces?: string;
};

/** The document to correct is not (or no longer) a rejected one: nothing was issued. */
export class NotRejectedError extends Error {}

export interface IssuedDocument {
  id: string;
  icv: number;
  pih: string;
  hash: string;
  xml: string;
}

/**
 * Signs the next document of the chain and stores it, in one transaction: the chain row is locked
 * (select … for update), so a concurrent issuer — this instance or another — waits and then chains to this
 * document. ICVs are consecutive and each PIH is the previous document's hash; a failure stores nothing and gives
 * out no counter.
 */
export async function appendToChain(
  em: EntityManager,
  doc: ChainedDocument,
  key: StampKey,
  /** Runs in the same transaction once the document is stored (an audit row, say). */
  after?: (tem: EntityManager, issued: IssuedDocument) => void,
): Promise<IssuedDocument> {
  return em.transactional(async (tem) => {
    const tx = tem.getTransactionContext();
    const c = tem.getConnection();
    const run = (q: string, params: unknown[]) => c.execute<Array<Record<string, unknown>>>(q, params, 'all', tx);
    const [chain] = await run(`select icv::text as icv, last_hash from zatca_chain where id = 1 for update`, []);
    const id = randomUUID();
    const icv = Number(chain.icv) + 1;
    const pih = String(chain.last_hash);
    const { paymentId, refundId, commissionInvoiceId, commissionCreditNoteId, environment, replaces, ...input } = doc;
    if (replaces) {
      // Locked after the chain row, as every issuer does: two admins correcting the same document cannot both do it.
      const [old] = await run(`select status, superseded_at from e_invoices where id = ? for update`, [replaces]);
      if (!old || old.status !== 'rejected' || old.superseded_at) throw new NotRejectedError();
      await run(`update e_invoices set superseded_at = now(), updated_at = now() where id = ?`, [replaces]);
    }
    const signed = signInvoice({ ...input, uuid: id, icv, pih }, key);
    await run(
      `insert into e_invoices (id, icv, pih, hash, kind, type, number, payment_id, refund_id, commission_invoice_id,
         commission_credit_note_id, environment, xml, replaces)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        id,
        icv,
        pih,
        signed.hash,
        doc.kind,
        doc.type,
        doc.number,
        paymentId,
        refundId,
        commissionInvoiceId ?? null,
        commissionCreditNoteId ?? null,
        environment,
        signed.xml,
        replaces ?? null,
      ],
    );
    await run(`update zatca_chain set icv = ?, last_hash = ?, updated_at = now() where id = 1`, [icv, signed.hash]);
    const issued = { id, icv, pih, hash: signed.hash, xml: signed.xml };
    after?.(tem as EntityManager, issued);
    return issued;
  });
}
