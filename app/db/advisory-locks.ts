/**
 * The PostgreSQL advisory locks app processes sharing one server take (DbHandle.withLock), in one
 * list so that no two uses pick the same number.
 */
export const ADVISORY_LOCKS = {
  /** Migrations, the search backfill and the demo seed at boot (app/services/startup.server.ts). */
  startup: 7_411_002,
  /** One maintenance pass at a time across processes (app/services/maintenance.server.ts). */
  maintenance: 7_411_003,
} as const
