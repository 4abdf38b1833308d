/**
 * Every migration, in order. Migrations are history: add a new file, never edit a landed one.
 * Listed explicitly (not globbed) so the same list works from src (tests) and dist (prod).
 */
import { CreateUsers1763800000000 } from './1763800000000-CreateUsers';

export const MIGRATIONS = [CreateUsers1763800000000];
