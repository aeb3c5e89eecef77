import { Initial1795304002232 } from './1795304002232-Initial';
import { AddMailOutbox1795307088400 } from './1795307088400-AddMailOutbox';

/** Every migration, in order. Add new ones at the end. */
export const MIGRATIONS = [Initial1795304002232, AddMailOutbox1795307088400];
