import { Initial1795304002232 } from './1795304002232-Initial';
import { AddMailOutbox1795307088400 } from './1795307088400-AddMailOutbox';
import { AddHoldLimits1795414607725 } from './1795414607725-AddHoldLimits';

/** Every migration, in order. Add new ones at the end. */
export const MIGRATIONS = [Initial1795304002232, AddMailOutbox1795307088400, AddHoldLimits1795414607725];
