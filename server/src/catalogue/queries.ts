import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { profiles } from '../db/schema';

/** The operators and plans with a profile in stock: demo profiles only for a demo server. */
export const stockedPlans = (db: Db, demo: boolean) =>
  db
    .selectDistinct({ operatorId: profiles.operatorId, planId: profiles.planId })
    .from(profiles)
    .where(and(eq(profiles.state, 'in_stock'), eq(profiles.demo, demo)));
