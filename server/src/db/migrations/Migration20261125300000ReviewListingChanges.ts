import { Migration } from '@mikro-orm/migrations';

/**
 * Edits to an approved listing wait for an admin: `pending_changes` holds the host's revision (the live columns stay
 * what was approved), `changes_rejection_reason` tells the host why the last one was refused. `withdrawn`: a listing
 * whose host lost the right to list (demoted to regular); it is hidden, not deleted, and comes back if they are
 * made a host again.
 */
export class Migration20261125300000ReviewListingChanges extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table resources
      add column pending_changes jsonb null,
      add column changes_submitted_at timestamptz null,
      add column changes_rejection_reason text null;`);
    this.addSql(`alter table resources drop constraint if exists resources_status_check;`);
    this.addSql(
      `alter table resources add constraint resources_status_check check (status in ('pending', 'active', 'rejected', 'draft', 'withdrawn'));`,
    );
    // The admin queue of revisions.
    this.addSql(
      `create index resources_pending_changes_idx on resources (changes_submitted_at) where pending_changes is not null and deleted_at is null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists resources_pending_changes_idx;`);
    this.addSql(`update resources set status = 'draft' where status = 'withdrawn';`);
    this.addSql(`alter table resources drop constraint if exists resources_status_check;`);
    this.addSql(
      `alter table resources add constraint resources_status_check check (status in ('pending', 'active', 'rejected', 'draft'));`,
    );
    this.addSql(
      `alter table resources drop column pending_changes, drop column changes_submitted_at, drop column changes_rejection_reason;`,
    );
  }
}
