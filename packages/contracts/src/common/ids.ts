import { z } from 'zod';

/**
 * Largest id the database holds in an `integer` column. Ids above it are refused as invalid input
 * (400) instead of reaching PostgreSQL and failing there as "out of range" (500).
 */
export const MAX_ID = 2_147_483_647;

/** A database id in a JSON body. */
export const IdSchema = z.number().int().positive().max(MAX_ID);
/** A database id in a path or query string. */
export const IdParamSchema = z.coerce.number().int().positive().max(MAX_ID);
