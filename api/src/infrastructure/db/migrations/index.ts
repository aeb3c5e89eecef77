import { Initial1795304002232 } from './1795304002232-Initial';
import { AddMailOutbox1795307088400 } from './1795307088400-AddMailOutbox';
import { CheckoutSessionsAndMailLimit1795414782164 } from './1795414782164-CheckoutSessionsAndMailLimit';
import { AddHoldLimits1795416676816 } from './1795416676816-AddHoldLimits';
import { WorkshopCalendar1795421936218 } from './1795421936218-WorkshopCalendar';

/** Every migration, in order. Add new ones at the end. */
export const MIGRATIONS = [Initial1795304002232, AddMailOutbox1795307088400, CheckoutSessionsAndMailLimit1795414782164, AddHoldLimits1795416676816, WorkshopCalendar1795421936218];
