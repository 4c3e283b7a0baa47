import { Entity, ManyToOne, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { User } from '../users/user.entity.js';
import type { PayoutDocumentType, SupplierStatus } from '../../shared/payouts.rules.js';

export interface StoredPayoutDocument {
  id: string;
  type: PayoutDocumentType;
  name: string;
  /** Key in the private file store (never served publicly). */
  key: string;
  mediaType: string;
  size: number;
  uploadedAt: string;
}

/**
 * A host's payout profile, one per host: who MyFatoorah deposits the host's share to. The IBAN is encrypted at rest
 * (AES-256-GCM, as gateway keys in settings) and leaves the server only as its last 4 characters.
 */
@Entity({ tableName: 'payout_accounts' })
@Unique({ name: 'payout_accounts_user_unique', properties: ['user'] })
export class PayoutAccount {
  [OptionalProps]?:
    'documents' | 'supplierStatus' | 'supplierCode' | 'supplierComment' | 'vatNumber' | 'mobile' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { fieldName: 'user_id', deleteRule: 'cascade' })
  user!: User;

  @Property({ type: 'text', fieldName: 'legal_name' })
  legalName!: string;

  @Property({ type: 'text', fieldName: 'commercial_registration' })
  commercialRegistration!: string;

  @Property({ type: 'text', fieldName: 'vat_number', nullable: true })
  vatNumber: string | null = null;

  /** The host's Saudi mobile (E.164), sent to MyFatoorah as the supplier's; null on profiles saved before it was asked. */
  @Property({ type: 'text', nullable: true })
  mobile: string | null = null;

  @Property({ type: 'text' })
  bank!: string;

  @Property({ type: 'text', fieldName: 'iban_encrypted' })
  ibanEncrypted!: string;

  @Property({ type: 'text', fieldName: 'iban_last4' })
  ibanLast4!: string;

  @Property({ type: 'json' })
  documents: StoredPayoutDocument[] = [];

  @Property({ type: 'integer', fieldName: 'supplier_code', nullable: true })
  supplierCode: number | null = null;

  @Property({ type: 'text', fieldName: 'supplier_status' })
  supplierStatus: SupplierStatus = 'none';

  /** MyFatoorah's comment on a rejection (shown to the host). */
  @Property({ type: 'text', fieldName: 'supplier_comment', nullable: true })
  supplierComment: string | null = null;

  @Property({ type: 'timestamptz', fieldName: 'created_at' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', fieldName: 'updated_at', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
