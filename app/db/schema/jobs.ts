import { pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * The last run of each periodic job (app/services/job-lease.server.ts): several app processes
 * share one database, and the job runs in whichever claims it first once its interval is over.
 */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }).notNull(),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  /** 'pid 123 on host web-2': which process ran it last. */
  ranBy: text('ran_by').notNull(),
})
